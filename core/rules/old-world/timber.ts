import type { CombatMoment, TriggerQueryOf } from '../../engine/effects.js'
import { choose, rollDice } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import { characteristic } from '../battle/charts.js'
import type { StepWounds } from '../battle/combat-triggers.js'
import type { BattleContext } from '../battle/context.js'
import { hasModelsLeft } from '../battle/models.js'
import { rollOff } from '../battle/roll-off.js'
import { specialHits, specialMoment } from '../battle/special-blows.js'
import { oldWorldRule } from './rule.js'

const ARCS = ['front', 'flank', 'rear'] as const
type Arc = (typeof ARCS)[number]

/**
 * Timber! (old-world/timber), the entry's step as a unit of the combat that has it is left without models: it topples. A roll-off (ties
 * re-rolled, old-world/variants §timber-roll-off) picks who chooses the arc; its player says which units in base
 * contact lie in it (§timber-in-arc); each suffers D6 hits, AP -1, at the model's Strength. Wounds on enemy units
 * count for its side's combat result (§timber-combat-result).
 */
export function* timber(
  ctx: BattleContext,
  query: TriggerQueryOf<'model-falls'>,
  blow: string,
): Generator<RequestSpec, StepWounds[], Answer> {
  const { subject: fallen, round } = query
  const side = round.sideOf(fallen.id)
  const opponent = round.combat.sides[1 - side]?.player as string
  const falls = explain(
    `${fallen.name}'s Wounds hit 0: Timber!`,
    { rule: oldWorldRule('timber', 'falls'), from: [fallen.changedAt] },
    [
      explain('it topples once the blows that felled it are all struck', {
        rule: oldWorldRule('variants', 'timber-when'),
      }),
    ],
  )

  const { winner, rollOffWhy, arc, arcSeq } = yield* toppleTowards(ctx, fallen, opponent, falls)

  // The units in base contact with it in that arc: the falling model's player says, unit by unit.
  const candidates = [0, 1].flatMap((index) => round.live(index)).filter((unit) => unit.id !== fallen.id)
  const inArc: UnitState[] = []
  for (const unit of candidates) {
    const answer = yield* choose({
      purpose: 'timber-in-arc',
      chooser: fallen.player,
      options: [
        { id: 'in-arc', text: `${unit.name} is in base contact with ${fallen.name}, in its ${arc} arc` },
        { id: 'clear', text: `${unit.name} is not in base contact in that arc` },
      ],
      text: `${fallen.player}: is ${unit.name} in base contact with ${fallen.name}, in its ${arc} arc?`,
      explanation: explain(
        `${fallen.name} topples towards its ${arc} arc: the units there are hit`,
        { rule: oldWorldRule('timber', 'in-arc'), from: [arcSeq] },
        [explain("the falling model's player says so", { rule: oldWorldRule('variants', 'timber-in-arc') })],
      ),
    })
    if (answer === 'in-arc') inArc.push(unit)
  }
  emitToppled(ctx, fallen, { winner, rollOffWhy, arc, arcSeq }, inArc)

  const caused: StepWounds[] = []
  for (const unit of inArc) {
    if (!hasModelsLeft(unit)) continue
    const moment = specialMoment(round.moment(fallen.id), fallen, blow)
    const blows = yield* fallOn(ctx, fallen, unit, moment, arc, arcSeq, blow)
    if (unit.player !== fallen.player) caused.push({ side, counted: blows.counted, seqs: blows.seqs })
  }
  return caused
}

/**
 * Timber! (old-world/timber) when a shot, a spell or a move, not a combat round, brings the model's Wounds to 0: the
 * same roll-off and arc; its player names, one by one, the units in base contact with it in that arc, which the
 * engine cannot see (§timber-outside-combat); each suffers D6 hits, AP -1, at its Strength, counted for no combat.
 */
export function* timberOutsideRound(
  ctx: BattleContext,
  query: TriggerQueryOf<'model-falls-outside-round'>,
  blow: string,
): Generator<RequestSpec, void, Answer> {
  const { subject: fallen, seq } = query
  const opponent = ctx.game.players.find((player) => player.id !== fallen.player)?.id as string
  const falls = explain(
    `${fallen.name}'s Wounds hit 0: Timber!`,
    { rule: oldWorldRule('timber', 'falls'), from: [seq, fallen.changedAt] },
    [
      explain('it topples wherever it is slain, once the declaration that slew it is resolved', {
        rule: oldWorldRule('variants', 'timber-outside-combat'),
      }),
    ],
  )
  const topple = yield* toppleTowards(ctx, fallen, opponent, falls)
  const { arc, arcSeq } = topple

  // Any unit on the table may stand in base contact with it: its player names them one at a time, or none more.
  const inArc: UnitState[] = []
  for (;;) {
    const left = Object.values(ctx.game.units).filter(
      (unit) => unit.id !== fallen.id && hasModelsLeft(unit) && !inArc.includes(unit),
    )
    if (left.length === 0) break
    const answer = yield* choose({
      purpose: 'timber-falls-on',
      chooser: fallen.player,
      options: [
        { id: NO_MORE_UNITS, text: `no${inArc.length > 0 ? ' other' : ''} unit is in base contact in that arc` },
        ...left.map((unit) => ({
          id: unit.id,
          text: `${unit.name} is in base contact with ${fallen.name}, in its ${arc} arc`,
        })),
      ],
      text: `${fallen.player}: which ${inArc.length > 0 ? 'other ' : ''}unit is in base contact with ${fallen.name}, in its ${arc} arc?`,
      explanation: explain(
        `${fallen.name} topples towards its ${arc} arc: the units there are hit`,
        { rule: oldWorldRule('timber', 'in-arc'), from: [arcSeq] },
        [explain("the falling model's player names them", { rule: oldWorldRule('variants', 'timber-outside-combat') })],
      ),
    })
    if (answer === NO_MORE_UNITS) break
    inArc.push(ctx.unit(answer))
  }
  emitToppled(ctx, fallen, topple, inArc)
  for (const unit of inArc) if (hasModelsLeft(unit)) yield* fallOn(ctx, fallen, unit, null, arc, arcSeq, blow)
}

/** The option that ends the naming of units a model falls on outside a combat round (no unit id, a slug, begins "-"). */
const NO_MORE_UNITS = '-none'

/** The model has toppled towards `arc` onto `inArc`; it is then taken off the table. */
function emitToppled(
  ctx: BattleContext,
  fallen: UnitState,
  { winner, rollOffWhy, arc, arcSeq }: { winner: string; rollOffWhy: Explanation; arc: Arc; arcSeq: number },
  inArc: readonly UnitState[],
): void {
  ctx.emit({
    kind: 'toppled',
    text:
      `${fallen.name} topples towards its ${arc} arc` +
      (inArc.length > 0 ? ` onto ${inArc.map((u) => u.name).join(' and ')}` : ', onto no unit'),
    values: { unit: fallen.id, arc, winner, units: inArc.map((u) => u.id) },
    explanation: explain(
      `${fallen.name} topples towards its ${arc} arc, as ${winner} chose`,
      { value: arc, rule: oldWorldRule('timber', 'arc'), from: [arcSeq] },
      [
        rollOffWhy,
        explain(`once its hits are dealt, ${fallen.name} is taken off the table`, {
          rule: oldWorldRule('timber', 'removed'),
        }),
      ],
    ),
  })
}

/** The roll-off (ties rolled again) whose winner chooses the arc the model topples towards. */
function* toppleTowards(
  ctx: BattleContext,
  fallen: UnitState,
  opponent: string,
  falls: Explanation,
): Generator<RequestSpec, { winner: string; rollOffWhy: Explanation; arc: Arc; arcSeq: number }, Answer> {
  // Each player a D6, until one is higher.
  const players = [fallen.player, opponent]
  const { winner, rolls, seqs } = yield* rollOff(players, (player) => ({
    purpose: 'roll-off',
    text: `${player}: roll a D6 in the roll-off for where ${fallen.name} topples`,
    explanation: explain(
      `${fallen.name} topples: the winner of a roll-off chooses the arc`,
      { rule: oldWorldRule('timber', 'roll-off'), from: [fallen.changedAt] },
      [falls],
    ),
  }))
  const rollOffWhy = explain(
    `roll-off: ${players.map((p) => `${p} ${rolls[p]?.join(', then ')}`).join(' against ')}; ${winner} wins`,
    { value: winner, rule: oldWorldRule('timber', 'roll-off'), from: seqs },
    (rolls[fallen.player]?.length ?? 0) > 1
      ? [explain('a tie is rolled again', { rule: oldWorldRule('variants', 'timber-roll-off') })]
      : [],
  )
  ctx.emit({
    kind: 'roll-off',
    text: `roll-off for ${fallen.name}'s fall: ${winner} wins`,
    values: { purpose: 'timber', rolls, winner },
    explanation: rollOffWhy,
  })

  const arc = (yield* choose({
    purpose: 'timber-arc',
    chooser: winner,
    options: ARCS.map((a) => ({ id: a, text: `${fallen.name} topples towards its ${a} arc` })),
    text: `${winner}: which arc does ${fallen.name} topple towards?`,
    explanation: explain(`${winner} won the roll-off and chooses the arc`, { rule: oldWorldRule('timber', 'arc') }, [
      rollOffWhy,
    ]),
  })) as Arc
  const arcSeq = ctx.seq

  return { winner, rollOffWhy, arc, arcSeq }
}

/** D6 hits on a unit in the arc, AP -1, at the falling model's own Strength; a friend's wounds count for no side. */
function* fallOn(
  ctx: BattleContext,
  fallen: UnitState,
  unit: UnitState,
  moment: CombatMoment | null,
  arc: Arc,
  arcSeq: number,
  blow: string,
): Generator<RequestSpec, { readonly counted: number; readonly seqs: readonly number[] }, Answer> {
  const d6 = yield* rollDice({
    purpose: 'timber-hits',
    count: 1,
    sides: 6,
    roller: fallen.player,
    text: `${fallen.player}: roll a D6 for the hits ${fallen.name} deals to ${unit.name} as it falls`,
    explanation: explain(`${unit.name} lies in the ${arc} arc: D6 hits`, {
      rule: oldWorldRule('timber', 'hits'),
      from: [arcSeq],
    }),
    odds: { kind: 'total' },
  })
  const hits = d6.faces[0] as number
  const friendly = unit.player === fallen.player
  const notes: Explanation[] = [
    moment === null
      ? explain('it fell outside a combat round: its wounds count for no combat result', {
          rule: oldWorldRule('variants', 'timber-outside-combat'),
        })
      : explain(
          friendly
            ? `${unit.name} is a friend: its wounds count for neither side`
            : `the wounds ${unit.name} loses count for ${fallen.player}'s combat result`,
          { rule: oldWorldRule('variants', 'timber-combat-result') },
        ),
  ]
  ctx.emit({
    kind: 'hits',
    text: `${fallen.name} falls on ${unit.name}: ${hits} hit${hits === 1 ? '' : 's'}`,
    values: { attacks: hits, need: null, hits },
    explanation: explain(
      `Timber!: D6 = ${hits} hits on ${unit.name}, AP -1`,
      { value: hits, rule: oldWorldRule('timber', 'hits'), from: [d6.seq] },
      [explain(`dice ${hits} (${d6.source})`, { from: [d6.seq] }), ...notes],
    ),
  })
  const strength = characteristic(ctx, fallen, 'S', unit, moment)
  const blows = yield* specialHits(ctx, {
    attacker: fallen,
    target: unit,
    combat: moment,
    // Outside a combat no moment carries the blow's kind, which its AP -1 reads (old-world/timber §armour-piercing).
    ...(moment === null ? { special: blow } : {}),
    hits,
    strength: {
      ...strength,
      explanation: explain(
        `${fallen.name}'s own Strength characteristic: ${strength.value}`,
        { value: strength.value, rule: oldWorldRule('timber', 'hits') },
        [strength.explanation],
      ),
    },
    from: [d6.seq],
  })
  return blows
}
