import { RuleError } from '../../engine/errors.js'
import { countSuccesses, rollDice } from '../../engine/requests.js'
import type { EventOf, Procedure, ProcedureContext, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import { armourSave, attackStrength, toHitCloseCombat, toWound } from './charts.js'

/**
 * One unit's close-combat attacks against another: roll to hit on the WS chart, to wound on the
 * S-vs-T chart, the target takes armour saves with the Strength modifier, unsaved wounds remove
 * models (core-mechanics A.5; the seed's weapons and armour).
 */
export function* meleeAttacks(ctx: ProcedureContext, event: EventOf<'MeleeAttacksDeclared'>): Procedure {
  const attacker = ctx.unit(event.payload.attacker)
  const target = ctx.unit(event.payload.target)
  checkDeclaration(ctx, event, attacker, target)

  const fighting = event.payload.models ?? attacker.models
  const attacks = fighting * attacker.profile.A
  const attacksWhy = explain(
    `${attacks} attacks: ${fighting} model${fighting > 1 ? 's' : ''} x A ${attacker.profile.A}`,
    {
      value: attacks,
      rule: ctx.rule('attacks', 'count'),
      from: [event.seq, attacker.musteredAt],
    },
  )
  if (attacks === 0) {
    ctx.emit({
      kind: 'attacks',
      text: `${attacker.name} has no attacks`,
      values: { attacks: 0 },
      explanation: attacksWhy,
    })
    return
  }

  const toHit = toHitCloseCombat(ctx, attacker, target)
  const hitDice = yield* rollDice({
    purpose: 'to-hit',
    count: attacks,
    sides: 6,
    need: toHit.need as number,
    roller: attacker.player,
    text: `${attacker.name}: roll ${attacks} D6 to hit ${target.name}, ${toHit.need}+`,
    explanation: explain(`${attacker.name} rolls ${attacks} dice to hit`, { from: [event.seq] }, [
      attacksWhy,
      toHit.explanation,
    ]),
  })
  const hits = countSuccesses(hitDice, toHit.need as number, {
    success: ['hit', 'hits'],
    failure: ['miss', 'misses'],
    rule: ctx.rule('to-hit-close-combat', 'chart'),
    natural1: ctx.rule('to-hit-close-combat', 'natural-1'),
  })
  const hitsWhy = explain(
    `${hits.successes} hit${hits.successes === 1 ? '' : 's'} on ${target.name}`,
    { value: hits.successes, from: [event.seq, hitDice.seq] },
    [attacksWhy, toHit.explanation, hits.explanation],
  )
  ctx.emit({
    kind: 'hits',
    text: `${attacker.name} scores ${hits.successes} hit${hits.successes === 1 ? '' : 's'} of ${attacks}`,
    values: { attacks, need: toHit.need as number, hits: hits.successes },
    explanation: hitsWhy,
  })
  if (hits.successes === 0) return

  const strength = attackStrength(ctx, attacker)
  const wound = toWound(ctx, strength.strength, strength.explanation, target)
  if (wound.need === null) {
    ctx.emit({
      kind: 'wounds',
      text: `${hits.successes} hits cannot wound ${target.name}`,
      values: { hits: hits.successes, wounds: 0 },
      explanation: wound.explanation,
    })
    return
  }
  const woundDice = yield* rollDice({
    purpose: 'to-wound',
    count: hits.successes,
    sides: 6,
    need: wound.need,
    roller: attacker.player,
    text: `${attacker.name}: roll ${hits.successes} D6 to wound ${target.name}, ${wound.need}+`,
    explanation: explain(`${attacker.name} rolls ${hits.successes} dice to wound`, { from: [hitDice.seq] }, [
      wound.explanation,
    ]),
  })
  const wounds = countSuccesses(woundDice, wound.need, {
    success: ['wound', 'wounds'],
    failure: ['fails', 'fail'],
    rule: ctx.rule('to-wound', 'chart'),
    natural1: ctx.rule('to-wound', 'natural-1'),
  })
  const woundsWhy = explain(
    `${wounds.successes} wound${wounds.successes === 1 ? '' : 's'} on ${target.name}`,
    { value: wounds.successes, from: [woundDice.seq] },
    [wound.explanation, wounds.explanation],
  )
  ctx.emit({
    kind: 'wounds',
    text: `${attacker.name} causes ${wounds.successes} wound${wounds.successes === 1 ? '' : 's'} from ${hits.successes} hit${hits.successes === 1 ? '' : 's'}`,
    values: { hits: hits.successes, need: wound.need, wounds: wounds.successes },
    explanation: woundsWhy,
  })
  if (wounds.successes === 0) return

  const save = armourSave(ctx, target, strength.strength)
  let unsaved = wounds.successes
  let unsavedWhy: Explanation
  if (save.need === null) {
    unsavedWhy = explain(`${unsaved} unsaved: no armour save`, { value: unsaved }, [woundsWhy, save.explanation])
  } else {
    const saveDice = yield* rollDice({
      purpose: 'armour-save',
      count: wounds.successes,
      sides: 6,
      need: save.need,
      roller: target.player,
      text: `${target.name}: roll ${wounds.successes} D6 armour saves, ${save.need}+`,
      explanation: explain(`${target.name} rolls ${wounds.successes} armour saves`, { from: [woundDice.seq] }, [
        save.explanation,
      ]),
    })
    const saves = countSuccesses(saveDice, save.need, {
      success: ['saved', 'saved'],
      failure: ['not saved', 'not saved'],
      rule: ctx.rule('armour-save', 'armour'),
      natural1: ctx.rule('armour-save', 'natural-1'),
    })
    unsaved = wounds.successes - saves.successes
    unsavedWhy = explain(
      `${unsaved} unsaved wound${unsaved === 1 ? '' : 's'}`,
      { value: unsaved, from: [saveDice.seq] },
      [woundsWhy, save.explanation, saves.explanation],
    )
  }
  removeCasualties(ctx, target, unsaved, unsavedWhy)
}

function checkDeclaration(
  ctx: ProcedureContext,
  event: EventOf<'MeleeAttacksDeclared'>,
  attacker: UnitState,
  target: UnitState,
): void {
  const where = `seq ${event.seq}: MeleeAttacksDeclared`
  if (ctx.game.phase !== 'close-combat') {
    throw new RuleError(
      'rules/wrong-phase',
      `${where}: close-combat attacks are made in the close-combat phase, not ${ctx.game.phase ?? 'before any phase'} (classic/turn-sequence §close-combat)`,
    )
  }
  if (attacker.player === target.player)
    throw new RuleError('rules/friendly-target', `${where}: ${attacker.name} and ${target.name} are on the same side`)
  if (attacker.models === 0)
    throw new RuleError('rules/unit-destroyed', `${where}: ${attacker.name} has no models left`)
  if (target.models === 0) throw new RuleError('rules/unit-destroyed', `${where}: ${target.name} has no models left`)
  const fighting = event.payload.models
  if (fighting !== undefined && fighting > attacker.models) {
    throw new RuleError(
      'rules/too-many-models',
      `${where}: ${fighting} models cannot fight, ${attacker.name} has ${attacker.models} (classic/attacks §fighting-models)`,
    )
  }
}

/** Unsaved wounds fill one model before the next; a model at 0 Wounds is removed. */
function removeCasualties(ctx: ProcedureContext, target: UnitState, unsaved: number, unsavedWhy: Explanation): void {
  const before = target.models
  const wounds = target.profile.W
  let lost = target.woundsOnNextModel + unsaved
  let removed = 0
  while (lost >= wounds && target.models > 0 && wounds > 0) {
    lost -= wounds
    target.models -= 1
    removed += 1
  }
  target.woundsOnNextModel = target.models === 0 ? 0 : lost
  target.changedAt = ctx.seq
  const rest =
    target.woundsOnNextModel > 0 ? `; the next model has lost ${target.woundsOnNextModel} of ${wounds} Wounds` : ''
  ctx.emit({
    kind: 'casualties',
    text: `${target.name} loses ${removed} model${removed === 1 ? '' : 's'} (${before} -> ${target.models})${rest}`,
    values: { unsaved, removed, modelsLeft: target.models, woundsOnNextModel: target.woundsOnNextModel },
    explanation: explain(
      `${removed} model${removed === 1 ? '' : 's'} removed: ${unsaved} unsaved x 1 Wound against W ${wounds}${rest}`,
      {
        value: removed,
        rule: ctx.rule('casualties', 'fill-up'),
        from: [target.changedAt],
      },
      [unsavedWhy],
    ),
  })
}
