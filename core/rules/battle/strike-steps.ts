import { resolveModifiers } from '../../engine/modifiers.js'
import type { Answer, RequestSpec } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { Duel } from './challenges.js'
import { characteristic } from './charts.js'
import { combatTriggers } from './combat-triggers.js'
import { attackerOf, type Fighter, fighterId, fighterNotes, fightFighter, lastStrikers } from './model-fighting.js'
import { hasModelsLeft, rankAndFile } from './models.js'
import { rollOff } from './roll-off.js'
import { addStepWounds, type Round, type SideCount } from './round-tally.js'
import { STRIKE_TIER } from './strike-tier.js'

type Step = Generator<RequestSpec, void, Answer>

/** The fighters of one Initiative step, who strike at the same time. */
interface Striker {
  readonly fighter: Fighter
  readonly name: string
  readonly key: number
  readonly why: Explanation
}

/**
 * Strike order (core-mechanics A.5): each fighter's tier and Initiative, grouped into steps, said once; where the
 * ruleset breaks ties (7th: `variants §initiative-ties`), a step of both sides is split, the first side first.
 */
export function* strikeOrder(r: Round, fighters: readonly Fighter[]): Generator<RequestSpec, Striker[][], Answer> {
  const { ctx, combat, round, seq } = r
  const keyed = fighters.map((fighter): Striker => {
    const enemies = r.live(1 - fighter.side)
    const attacker = attackerOf(ctx, fighter)
    const tier = resolveModifiers(
      {
        value: STRIKE_TIER.initiative,
        text: 'strike tier',
        rule: ctx.rule('strike-order', 'initiative'),
      },
      ctx.modifiers('strike-order', { subject: attacker, opponent: enemies, combat: fighter.moment }),
      { mode: 'value', setPick: 'highest', title: (value) => `${attacker.name}: ${tierName(value)}` },
    )
    const initiative = characteristic(ctx, attacker, 'I', fighter.target, fighter.moment)
    const tierValue = tier.value ?? 0
    // Units with ASF strike together whatever their Initiative (the seed's ASF).
    const key = tierValue === STRIKE_TIER.alwaysFirst ? tierValue * 100 : tierValue * 100 + initiative.value
    return {
      fighter,
      name: attacker.name,
      key,
      why: explain(`${attacker.name}: ${tierName(tier.value)}`, {}, [
        ...(tier.records.length > 0 ? tier.explanation.children : []),
        initiative.explanation,
        ...fighterNotes(ctx, fighter),
      ]),
    }
  })
  const keys = [...new Set(keyed.map((k) => k.key))].sort((a, b) => b - a)
  const tied = keys.map((key) => keyed.filter((k) => k.key === key))
  const tieWhy: Explanation[] = []
  const steps: Striker[][] = []
  for (const step of tied) steps.push(...(yield* breakTie(r, step, tieWhy)))
  ctx.emit({
    kind: 'strike-order',
    text: `strike order: ${steps.map((step, i) => `${i + 1}. ${step.map((k) => k.name).join(' + ')}`).join('; ')}`,
    values: { combat: combat.id, round, steps: steps.map((step) => step.map((k) => fighterId(k.fighter))) },
    explanation: explain(
      `strike order, round ${round}`,
      { rule: ctx.rule('strike-order', 'initiative'), from: [seq] },
      steps
        .map((step, i) =>
          explain(
            `step ${i + 1}: ` +
              `${step.map((k) => k.name).join(' and ')}${step.length > 1 ? ' strike at the same time' : ''}`,
            step.length > 1 ? { rule: ctx.rule('strike-order', 'simultaneous') } : {},
            step.map((k) => k.why),
          ),
        )
        .concat(tieWhy),
    ),
  })
  return steps
}

/**
 * A step where both sides strike at the same Initiative, as the ruleset settles it: together (8th, The Old World), or
 * (7th) the side that won the combat's last round first, else the winner of a roll-off (`variants §initiative-ties`).
 */
function* breakTie(r: Round, step: Striker[], why: Explanation[]): Generator<RequestSpec, Striker[][], Answer> {
  const { ctx, combat } = r
  const ties = ctx.profile.initiativeTies
  const sides = [0, 1].map((side) => step.filter((k) => k.fighter.side === side))
  if (ties.value === 'simultaneous' || sides.some((side) => side.length === 0)) return [step]
  const players = combat.sides.map((side) => side.player)
  let first = combat.lastWinner ? players.indexOf(combat.lastWinner) : -1
  const names = step.map((k) => k.name).join(', ')
  if (first >= 0) {
    why.push(
      explain(`equal Initiative (${names}): ${combat.lastWinner} won the last round and strikes first`, {
        rule: ties.rule,
        from: [combat.joinedAt],
      }),
    )
  } else {
    const reason = combat.lastWinner === null ? 'the last round was a draw' : 'no round has been won yet'
    const { winner, rolls, seqs } = yield* rollOff(players, (player) => ({
      purpose: 'roll-off',
      text: `${player}: roll a D6 to strike first at equal Initiative (${names})`,
      explanation: explain(`equal Initiative and ${reason}: a roll-off, the winner strikes first`, { rule: ties.rule }),
    }))
    first = players.indexOf(winner)
    const faces = players.map((player) => `${player} ${(rolls[player] ?? []).join(', ')}`).join('; ')
    why.push(
      explain(`equal Initiative (${names}), ${reason}: ${winner} wins the roll-off (${faces}) and strikes first`, {
        rule: ties.rule,
        from: seqs,
      }),
    )
  }
  return [sides[first] as Striker[], sides[1 - first] as Striker[]]
}

/**
 * Each step's attacks, casualties removed before the next step strikes (core-mechanics A.5), then Stomp
 * Attacks after every other attack; what falls is dealt with after each.
 */
export function* strikeSteps(r: Round, steps: readonly Striker[][], fighters: readonly Fighter[], duel: Duel): Step {
  const { ctx } = r
  for (const step of steps) {
    yield* strikeStep(r, step, duel)
    yield* afterBlows(r)
  }
  // Once every other attack is made, each fighter with models left strikes last (old-world/stomp-attacks).
  const stillFighting = (fighter: Fighter) => {
    if (fighter.model) return attackerOf(ctx, fighter).models > 0 ? 1 : 0
    const lost = (r.start.rankAndFile.get(fighter.unit.id) ?? 0) - rankAndFile(fighter.unit)
    return Math.max(0, Math.min(fighter.contact - lost, rankAndFile(fighter.unit)))
  }
  for (const fighter of lastStrikers(fighters)) {
    const subject = attackerOf(ctx, fighter)
    if (subject.models === 0) continue
    const query = { subject, fighter, round: r.view, fighting: stillFighting(fighter) }
    addStepWounds(r.tally, yield* combatTriggers(ctx, 'model-strikes-last', query))
  }
  yield* afterBlows(r)
}

/** One Initiative step: rank and file slain before it do not strike; a champion or character fights if it stands. */
function* strikeStep(r: Round, step: readonly Striker[], duel: Duel): Step {
  const { ctx, seq, tally } = r
  const lostBefore = new Map(
    step.map((k) => [
      k.fighter.unit.id,
      (r.start.rankAndFile.get(k.fighter.unit.id) ?? 0) - rankAndFile(k.fighter.unit),
    ]),
  )
  const plans = step.map(({ fighter }) => {
    const standing = fighter.model ? 1 : rankAndFile(fighter.unit)
    const lost = fighter.model ? 0 : (lostBefore.get(fighter.unit.id) ?? 0)
    const fighting = Math.max(0, Math.min(fighter.contact - lost, standing))
    const supporting = Math.max(0, Math.min(fighter.supporting, standing - fighting))
    const fightingWhy =
      lost > 0
        ? explain(
            `${fighter.contact} in contact, ${lost} slain before this step: ${fighting} ` +
              `fight${supporting < fighter.supporting ? `, ${supporting} support` : ''}`,
            { value: fighting, rule: ctx.rule('casualties', 'slain-do-not-strike'), from: [fighter.unit.changedAt] },
            fighter.contactWhy ? [fighter.contactWhy] : [],
          )
        : fighter.contactWhy
    return { fighter, fighting, supporting, fightingWhy }
  })
  for (const { fighter, fighting, supporting, fightingWhy } of plans) {
    // What entries do as a model strikes (old-world/tree-whack), before its attacks are counted.
    const subject = attackerOf(ctx, fighter)
    addStepWounds(tally, yield* combatTriggers(ctx, 'model-strikes', { subject, fighter, round: r.view }))
    const blows = yield* fightFighter(ctx, fighter, fighting, supporting, fightingWhy, duel, [seq])
    const side = tally.sides[fighter.side] as SideCount
    side.woundsCaused += blows.counted
    side.woundSeqs.push(...blows.seqs)
    side.excess += blows.excess
    side.notes.push(...blows.notes)
    for (const hurt of blows.suffered) {
      const record = tally.suffered.get(hurt.unit.id) ?? {
        target: hurt.unit,
        by: fighter.unit,
        side: fighter.side,
        wounds: 0,
        from: [],
      }
      record.wounds += hurt.wounds
      record.from.push(...hurt.seqs)
      tally.suffered.set(hurt.unit.id, record)
    }
  }
}

/** Units the blows have left with no models: what their fall sets off, each once (old-world/timber). */
function* afterBlows(r: Round): Step {
  const { ctx, tally } = r
  for (;;) {
    const fallen = [...r.start.alive]
      .map((id) => ctx.unit(id))
      .filter((u) => !hasModelsLeft(u) && !tally.fallenSeen.has(u.id))
    if (fallen.length === 0) return
    for (const unit of fallen) tally.fallenSeen.add(unit.id)
    for (const unit of fallen)
      addStepWounds(tally, yield* combatTriggers(ctx, 'model-falls', { subject: unit, round: r.view }))
  }
}

function tierName(value: number | null): string {
  if (value === STRIKE_TIER.last) return 'strikes last (great weapon)'
  if (value === STRIKE_TIER.alwaysFirst) return 'strikes first (Always Strikes First)'
  if (value === STRIKE_TIER.charged) return 'strikes first (charged)'
  return 'strikes in Initiative order'
}
