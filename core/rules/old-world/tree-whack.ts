import type { ActiveEffect, CombatMoment, TriggerQueryOf } from '../../engine/effects.js'
import { choose, passWords, rollDice } from '../../engine/requests.js'
import type { Answer, ModelRef, RequestSpec, TotalJudging, UnitState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import { characteristic } from '../battle/charts.js'
import type { StepWounds } from '../battle/combat-triggers.js'
import type { BattleContext } from '../battle/context.js'
import { s } from '../battle/counting.js'
import { modelName, modelsOf, modelView, optionId, rankAndFile } from '../battle/models.js'
import { specialHits, specialMoment } from '../battle/special-blows.js'
import { attackCount } from '../battle/strike.js'
import { oldWorldRule } from './rule.js'

/** Whether the unit has made its Tree Whack this turn: its use is an active effect until the turn ends. */
export function treeWhackUsed(ctx: BattleContext, unit: UnitState): ActiveEffect | undefined {
  return ctx.game.effects.find((effect) => effect.entry === 'tree-whack' && effect.unit === unit.id)
}

/**
 * Tree Whack (old-world/tree-whack), as a model that has it strikes: its player may spend one Attack on a model of
 * an enemy unit in the combat. The target tests its Initiative at once; failed, it takes D3 hits at the model's
 * Strength with no armour save. Offered once per turn; the wounds count for the combat result
 * (old-world/variants §special-blows-combat-result).
 */
export function* treeWhack(
  ctx: BattleContext,
  query: TriggerQueryOf<'model-strikes'>,
  blow: string,
): Generator<RequestSpec, StepWounds[], Answer> {
  const { subject: attacker, fighter, round } = query
  if (attacker.models === 0 || fighter.contact === 0) return []
  if (treeWhackUsed(ctx, attacker)) return []
  // The seed selects "1x model of an enemy unit": its rank and file, or its champion or a character by name.
  const targets = round.live(1 - fighter.side).flatMap((unit): WhackTarget[] => [
    ...(rankAndFile(unit) > 0 ? [{ id: unit.id, unit, model: null, name: `a model of ${unit.name}` }] : []),
    ...modelsOf(unit)
      .filter((ref) => ref.kind !== 'lone')
      .map((ref) => ({ id: optionId(ref), unit, model: ref, name: modelName(ctx, ref) })),
  ])
  if (targets.length === 0) return []
  const attacks = attackCount(ctx, {
    attacker,
    target: fighter.target,
    combat: fighter.moment,
    fighting: fighter.contact,
    supporting: 0,
    from: round.from,
  })
  if (attacks.value < 1) return []
  const option = yield* choose({
    purpose: 'tree-whack',
    chooser: attacker.player,
    options: [
      ...targets.map((target) => ({ id: target.id, text: `spend one Attack on a Tree Whack at ${target.name}` })),
      { id: 'no-tree-whack', text: 'no Tree Whack: strike with every Attack' },
    ],
    text: `${attacker.name} strikes: spend one of its ${attacks.value} Attacks on a Tree Whack?`,
    explanation: explain(
      `${attacker.name} may make a Tree Whack, once this turn`,
      { rule: oldWorldRule('tree-whack', 'spend-attack'), from: [...round.from] },
      [
        explain('once per turn, in the Combat phase', { rule: oldWorldRule('tree-whack', 'once-per-turn') }),
        explain('at a model of an enemy unit in close combat with it', { rule: oldWorldRule('tree-whack', 'select') }),
      ],
    ),
  })
  if (option === 'no-tree-whack') return []
  const chosen = targets.find((target) => target.id === option)
  if (!chosen) return []
  const target = chosen.model ? modelView(ctx, chosen.model) : chosen.unit
  const choiceSeq = ctx.seq
  const effect: ActiveEffect = {
    id: `tree-whack@${choiceSeq}`,
    entry: 'tree-whack',
    unit: attacker.id,
    params: { combat: round.combat.id, round: fighter.moment.round },
    duration: { kind: 'end-of-turn' },
    startedAt: choiceSeq,
  }
  ctx.emit({
    kind: 'effect-started',
    text: `${attacker.name} spends an Attack on a Tree Whack at ${chosen.name}`,
    values: { effect },
    explanation: explain(
      `${attacker.name} makes its Tree Whack at ${chosen.name}: one Attack fewer this round, none ` +
        `again until turn ${ctx.game.turn} is over`,
      { rule: oldWorldRule('tree-whack', 'spend-attack'), from: [choiceSeq] },
      [explain('once per turn', { rule: oldWorldRule('tree-whack', 'once-per-turn') })],
    ),
  })

  const test = yield* initiativeTest(ctx, target, attacker, round.moment(chosen.unit.id), choiceSeq, chosen.unit.id)
  if (test.passed) return []
  const moment = specialMoment(fighter.moment, attacker, blow)
  const blows = yield* whack(ctx, attacker, chosen.unit, chosen.model, moment, test.seq)
  return [{ side: fighter.side, counted: blows.counted, seqs: blows.seqs }]
}

/** What a Tree Whack may be aimed at: an enemy unit's rank and file, or its champion or a character, by name. */
interface WhackTarget {
  readonly id: string
  readonly unit: UnitState
  readonly model: ModelRef | null
  readonly name: string
}

/** The Initiative test Tree Whack makes its target take at once (a characteristic test: D6 at or under I). */
function* initiativeTest(
  ctx: BattleContext,
  target: UnitState,
  attacker: UnitState,
  moment: CombatMoment,
  choiceSeq: number,
  /** The unit the target stands in (itself, unless a champion or character was singled out). */
  unitId: string,
): Generator<RequestSpec, { readonly passed: boolean; readonly seq: number }, Answer> {
  // A 6 fails, a 1 passes; I 0 always fails.
  const initiative = characteristic(ctx, target, 'I', attacker, moment)
  // A 6 fails, a 1 passes, unless I is 0: then nothing passes.
  const odds: TotalJudging =
    initiative.value > 0
      ? {
          kind: 'total',
          pass: { atMost: initiative.value },
          naturals: [
            { face: 6, count: 1, passes: false },
            { face: 1, count: 1, passes: true },
          ],
        }
      : { kind: 'total', pass: { never: true } }
  const test = yield* rollDice({
    purpose: 'initiative-test',
    count: 1,
    sides: 6,
    roller: target.player,
    text: `${target.name}: roll a D6 Initiative test against Tree Whack, ${passWords(odds, 1)}`,
    explanation: explain(
      `${target.name} tests its Initiative at once`,
      { rule: oldWorldRule('tree-whack', 'initiative-test'), from: [choiceSeq] },
      [initiative.explanation],
    ),
    odds,
  })
  const roll = test.faces[0] as number
  const passed = initiative.value > 0 && roll !== 6 && (roll === 1 || roll <= initiative.value)
  const why =
    initiative.value === 0
      ? 'Initiative 0 always fails'
      : roll === 6
        ? 'a natural 6 always fails'
        : roll === 1
          ? 'a natural 1 always passes'
          : `${roll} ${passed ? '<=' : '>'} ${initiative.value}`
  ctx.emit({
    kind: 'characteristic-test',
    text: `${target.name} ${passed ? 'passes' : 'fails'} its Initiative test: ${roll} against I ${initiative.value}`,
    values: { unit: unitId, characteristic: 'I', value: initiative.value, roll, passed },
    explanation: explain(
      `${target.name} ${passed ? 'passes' : 'fails'} its Initiative test (${why})`,
      { value: passed, rule: oldWorldRule('tree-whack', passed ? 'passed' : 'initiative-test'), from: [test.seq] },
      [initiative.explanation, explain(`dice ${roll} (${test.source})`, { from: [test.seq] })],
    ),
  })
  return { passed, seq: test.seq }
}

/** A failed test: D3 hits at the model's Strength, no armour save; the wounds count for the combat result. */
function* whack(
  ctx: BattleContext,
  attacker: UnitState,
  unit: UnitState,
  model: ModelRef | null,
  moment: CombatMoment,
  testSeq: number,
): Generator<RequestSpec, { readonly counted: number; readonly seqs: readonly number[] }, Answer> {
  const target = model ? modelView(ctx, model) : unit
  const d3 = yield* rollDice({
    purpose: 'tree-whack-hits',
    count: 1,
    sides: 3,
    roller: attacker.player,
    text: `${attacker.name}: roll a D3 for the Tree Whack's hits on ${target.name}`,
    explanation: explain(`${target.name} failed: D3 hits`, {
      rule: oldWorldRule('tree-whack', 'hits'),
      from: [testSeq],
    }),
    odds: { kind: 'total' },
  })
  const hits = d3.faces[0] as number
  ctx.emit({
    kind: 'hits',
    text: `${attacker.name}'s Tree Whack: ${hits} hit${s(hits)} on ${target.name}`,
    values: { attacks: 1, need: null, hits },
    explanation: explain(
      `Tree Whack: D3 = ${hits} hit${s(hits)} on ${target.name}`,
      { value: hits, rule: oldWorldRule('tree-whack', 'hits'), from: [d3.seq] },
      [
        explain(`dice ${hits} (${d3.source})`, { from: [d3.seq] }),
        explain('the wounds they cause count toward the combat result', {
          rule: oldWorldRule('variants', 'special-blows-combat-result'),
        }),
      ],
    ),
  })
  const strength = characteristic(ctx, attacker, 'S', target, moment)
  const blows = yield* specialHits(ctx, {
    attacker,
    target: unit,
    ...(model ? { model } : {}),
    combat: moment,
    hits,
    strength: {
      ...strength,
      explanation: explain(
        `${attacker.name}'s Strength characteristic: ${strength.value}`,
        { value: strength.value, rule: oldWorldRule('tree-whack', 'hits') },
        [strength.explanation],
      ),
    },
    from: [d3.seq],
    noArmour: explain('Tree Whack: no armour save; ward and Regeneration saves may be taken', {
      rule: oldWorldRule('tree-whack', 'no-armour'),
    }),
  })
  return blows
}
