import type { CombatMoment, SpecialAttack } from '../../engine/effects.js'
import type { Resolved } from '../../engine/modifiers.js'
import { parseDiceCount } from '../../engine/params.js'
import { rollDice } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import type { StepWounds } from './mechanics.js'
import { attackerOf, type Fighter } from './model-fighting.js'
import { championAlive, modelView, rankAndFile, removeRankAndFile, woundModel, woundsLeftOf } from './models.js'
import { woundsFromHits } from './strike.js'

/**
 * Blows a model deals besides its attacks with a weapon (Stomp Attacks, Tree Whack, Timber!): hits that need no
 * roll to hit, then the shared to-wound, saves, casualties and Regeneration of every strike.
 */

const s = (count: number) => (count === 1 ? '' : 's')

/** The moment of a special blow: no close-combat weapon of the attacker's counts, and the blow says what it is. */
export function specialMoment(moment: CombatMoment, attacker: UnitState, special: SpecialAttack): CombatMoment {
  return { ...moment, weapons: { ...moment.weapons, [attacker.id]: null }, special }
}

export interface SpecialHits {
  readonly attacker: UnitState
  /** The unit hit: its rank and file take the wounds (its champion on its own, as any blow's). */
  readonly target: UnitState
  readonly combat: CombatMoment
  readonly hits: number
  readonly strength: Resolved & { readonly value: number }
  readonly from: readonly number[]
  readonly noArmour?: Explanation
}

/**
 * Automatic hits on a unit's rank and file: wounds, saves and casualties as any hit's; returns the wounds that count
 * for the combat result (none past the last model: variants §excess-wounds) and the seqs that settled them.
 */
export function* specialHits(
  ctx: BattleContext,
  input: SpecialHits,
): Generator<RequestSpec, { counted: number; seqs: number[] }, Answer> {
  const { attacker, target, combat, hits, strength, from } = input
  const left = rankAndFile(target) * target.profile.W - target.woundsOnNextModel
  if (hits === 0 || left <= 0) return { counted: 0, seqs: [] }
  const result = yield* woundsFromHits(
    ctx,
    {
      attacker,
      target,
      combat,
      from,
      strength,
      ...(input.noArmour ? { noArmour: input.noArmour } : {}),
      ...(championAlive(target) ? { remove: (unsaved, why) => removeRankAndFile(ctx, target, unsaved, why) } : {}),
    },
    hits,
    hits,
  )
  const counted = ctx.decision('excess-wounds') === 'not-counted' ? Math.min(result.unsaved, left) : result.unsaved
  return { counted, seqs: counted > 0 ? [ctx.seq] : [] }
}

/**
 * Stomp Attacks (old-world/stomp-attacks), once every Initiative step has struck: each fighter the 'stomp' point
 * gives stomps to makes them with each model still in base contact, hitting automatically at its profile's
 * Strength. `fighting` says how many of a fighter's models are still in contact. A ruleset whose entries give no
 * stomps (classic) asks the point and does nothing more.
 */
export function* stompStep(
  context: BattleContext,
  fighters: readonly Fighter[],
  fighting: (fighter: Fighter) => number,
  from: readonly number[],
): Generator<RequestSpec, StepWounds[], Answer> {
  const caused: StepWounds[] = []
  for (const fighter of fighters) {
    const attacker = attackerOf(context, fighter)
    if (attacker.models === 0) continue
    const foe = fighter.foe ? modelView(context, fighter.foe) : null
    const target = foe ?? fighter.target
    if (target.models === 0) continue
    const records = context.modifiers('stomp', { subject: attacker, opponent: target, combat: fighter.moment })
    const stomp = records.find((r) => r.status === 'applied' && r.kind === 'set')
    if (!stomp) continue
    // Only a ruleset whose entries give stomps has their clauses, and only it gets here.
    const clauses = context.mechanics.stomps
    if (!clauses) continue
    const models = fighting(fighter)
    const count = parseDiceCount(stomp.value)
    if (models === 0 || count === null) continue
    const inContact = explain(
      `${models} model${s(models)} of ${attacker.name} in base contact, ${stomp.label} each`,
      { value: models, rule: clauses.inContact, from: [...from] },
      [explain(stomp.label, { rule: stomp.source, value: stomp.value })],
    )
    let hits: number
    let hitsFrom: number[] = [...from]
    let diceWhy: Explanation[] = []
    if ('fixed' in count) hits = models * count.fixed
    else {
      const dice = models * count.dice
      // Each model adds the expression's fixed part to its dice ("D3+1").
      const added = models * count.add
      const answer = yield* rollDice({
        purpose: 'stomp-attacks',
        count: dice,
        sides: count.sides,
        roller: attacker.player,
        text: `${attacker.name}: roll ${dice}D${count.sides} for its Stomp Attacks on ${target.name}`,
        explanation: explain(
          `${attacker.name} stomps once every other attack is made`,
          { rule: clauses.afterEverything, from: [...from] },
          [inContact],
        ),
        odds: { kind: 'total', add: added },
      })
      hits = answer.faces.reduce((total, face) => total + face, 0) + added
      hitsFrom = [answer.seq]
      const plus = added > 0 ? ` + ${added} (+${count.add} a model)` : ''
      diceWhy = [
        explain(`dice ${answer.faces.join(' + ')}${plus} = ${hits} (${answer.source})`, { from: [answer.seq] }),
      ]
    }
    context.emit({
      kind: 'hits',
      text: `${attacker.name} stomps: ${hits} automatic hit${s(hits)} on ${target.name}`,
      values: { attacks: hits, need: null, hits },
      explanation: explain(
        `${hits} Stomp Attack${s(hits)} on ${target.name}: they hit automatically`,
        { value: hits, rule: clauses.autoHit, from: hitsFrom },
        [
          explain('Stomp Attacks are made after every other attack of the round, Initiative 1 included', {
            rule: clauses.afterEverything,
          }),
          inContact,
          ...diceWhy,
          explain('the wounds they cause count toward the combat result', {
            rule: clauses.combatResult,
          }),
        ],
      ),
    })
    const strength = {
      value: attacker.profile.S,
      records: [],
      explanation: explain(`${attacker.name} S ${attacker.profile.S}: its unmodified Strength, no weapon's`, {
        value: attacker.profile.S,
        rule: clauses.unmodifiedStrength,
        from: [attacker.musteredAt],
      }),
    }
    const moment = specialMoment(fighter.moment, attacker, 'stomp')
    const blows = foe
      ? yield* stompOnModel(context, fighter, attacker, foe, moment, hits, strength, hitsFrom)
      : yield* specialHits(context, { attacker, target, combat: moment, hits, strength, from: hitsFrom })
    caused.push({ side: fighter.side, counted: blows.counted, seqs: blows.seqs })
  }
  return caused
}

/** Stomps on the model a fighter duels in a challenge: its own Wounds take them. */
function* stompOnModel(
  ctx: BattleContext,
  fighter: Fighter,
  attacker: UnitState,
  foe: UnitState,
  combat: CombatMoment,
  hits: number,
  strength: Resolved & { readonly value: number },
  from: readonly number[],
): Generator<RequestSpec, { counted: number; seqs: number[] }, Answer> {
  const ref = fighter.foe
  if (!ref) return { counted: 0, seqs: [] }
  const left = woundsLeftOf(foe)
  const result = yield* woundsFromHits(
    ctx,
    { attacker, target: foe, combat, from, strength, remove: (unsaved, why) => woundModel(ctx, ref, unsaved, why) },
    hits,
    hits,
  )
  const counted = Math.min(result.unsaved, left)
  return { counted, seqs: counted > 0 ? [ctx.seq] : [] }
}
