import type { SideTally } from '../../engine/effects.js'
import { choose, rollDice } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BreakVerdicts } from './break-test.js'
import type { BattleContext } from './context.js'
import { sum } from './counting.js'
import { decideFollowUp, fallBack, giveGround, reachFallenBack } from './fall-back.js'
import { fleeDice } from './flee-dice.js'
import { mustPursue } from './pursuit.js'
import { restraintTest } from './restraint-test.js'
import type { Round } from './round-tally.js'
import { loseStandard, settleBrokenStandard } from './standards.js'

type Step<T = void> = Generator<RequestSpec, T, Answer>

/** What the pursuers share: who fled how far, who has been caught, who pursued whom. */
interface Chase {
  readonly flights: readonly { readonly unit: UnitState; readonly roll: number }[]
  readonly fellBackIds: ReadonlySet<string>
  readonly caught: Set<string>
  readonly pursuersOf: Map<string, UnitState[]>
  readonly contactNote: Explanation | null
}

/**
 * Flee, then pursue (core-mechanics A.6; flee-and-pursuit): broken units flee, a graded test's others fall back
 * or give ground, each winner pursues its quarry or follows up; what escapes escapes. Returns whether a winner
 * followed up a unit that gave ground.
 */
export function* fleeAndPursue(r: Round, winners: SideTally, verdicts: BreakVerdicts): Step<boolean> {
  const { ctx, combat } = r
  const { broken, fellBack, gaveGround } = verdicts
  for (const flight of broken) {
    const dice = fleeDice(ctx, flight.unit)
    const answer = yield* rollDice({
      purpose: 'flee',
      count: dice.count,
      sides: 6,
      roller: flight.unit.player,
      text: `${flight.unit.name} breaks: roll ${dice.count}D6 to flee`,
      explanation: explain(`${flight.unit.name} flees`, { rule: ctx.rule('flee-and-pursuit', 'flee') }, [dice.why]),
      odds: { kind: 'total' },
    })
    flight.roll = sum(answer.faces)
    ctx.emit({
      kind: 'fled',
      text: `${flight.unit.name} flees ${flight.roll}"`,
      values: { unit: flight.unit.id, roll: flight.roll },
      explanation: explain(
        `${flight.unit.name} flees ${flight.roll}": dice ${answer.faces.join(' + ')}`,
        {
          value: flight.roll,
          rule: ctx.rule('flee-and-pursuit', 'flee'),
          from: [answer.seq],
        },
        [dice.why],
      ),
    })
    flight.hadStandard = loseStandard(ctx, flight.unit)
  }
  // A graded break test's other ends (The Old World): fall back in good order, give ground (fall-back.ts).
  for (const flight of fellBack) flight.roll = yield* fallBack(ctx, flight.unit, combat)
  for (const unit of gaveGround) giveGround(ctx, unit, combat)
  const flights = [...broken, ...fellBack]
  const chase: Chase = {
    flights,
    fellBackIds: new Set(fellBack.map((flight) => flight.unit.id)),
    caught: new Set<string>(),
    pursuersOf: new Map<string, UnitState[]>(),
    contactNote: flights.length > 0 ? ctx.profile.pursuitContact(ctx) : null,
  }
  let followedUp = false
  for (const pursuer of winners.units) if (yield* pursue(r, pursuer, gaveGround, chase)) followedUp = true
  for (const flight of broken) {
    if (chase.caught.has(flight.unit.id)) continue
    ctx.emit({
      kind: 'escaped',
      text: `${flight.unit.name} flees the combat`,
      values: { unit: flight.unit.id, roll: flight.roll },
      explanation: explain(`${flight.unit.name} escapes with a flee roll of ${flight.roll}`, {
        rule: ctx.rule('flee-and-pursuit', 'escaped'),
      }),
    })
  }
  for (const flight of broken)
    yield* settleBrokenStandard(ctx, flight.unit, flight.hadStandard, chase.pursuersOf.get(flight.unit.id) ?? [])
  return followedUp
}

/** One winner after the break tests: it pursues its quarry, or follows up a unit that gave ground (returns true). */
function* pursue(r: Round, pursuer: UnitState, gaveGround: readonly UnitState[], chase: Chase): Step<boolean> {
  const { ctx, combat } = r
  const { flights, fellBackIds, caught, pursuersOf, contactNote } = chase
  const targets = r.plan.targets
  // A winner still in contact with an enemy that held (the one it fights, or one fighting it) stays in the combat
  // (flee-and-pursuit §held-in-contact).
  const left = (unit: UnitState) => flights.some((f) => f.unit.id === unit.id) || gaveGround.includes(unit)
  const heldBy = r
    .live(1 - r.sideOf(pursuer.id))
    .find((enemy) => !left(enemy) && (targets[pursuer.id] === enemy.id || targets[enemy.id] === pursuer.id))
  if (heldBy && (flights.length > 0 || gaveGround.length > 0)) {
    ctx.emit({
      kind: 'pursuit-held',
      text: `${pursuer.name} is still in contact with ${heldBy.name}, who held: it cannot pursue`,
      values: { unit: pursuer.id, heldBy: heldBy.id },
      explanation: explain(`${heldBy.name} held: ${pursuer.name} stays in the combat with it`, {
        rule: ctx.rule('flee-and-pursuit', 'held-in-contact'),
        from: [r.seq],
      }),
    })
    return false
  }
  // A unit another pursuer has caught is gone: nobody pursues it further.
  const quarry = flights.filter(
    (flight) => !caught.has(flight.unit.id) && (targets[pursuer.id] === flight.unit.id || flights.length === 1),
  )
  if (quarry.length === 0) {
    const foes = gaveGround.filter((unit) => targets[pursuer.id] === unit.id || gaveGround.length === 1)
    return foes.length > 0 && (yield* decideFollowUp(ctx, pursuer, foes, combat))
  }
  const pursues = yield* decidePursuit(
    ctx,
    pursuer,
    quarry.map((q) => q.unit),
  )
  if (!pursues) return false
  for (const q of quarry) pursuersOf.set(q.unit.id, [...(pursuersOf.get(q.unit.id) ?? []), pursuer])
  const dice = fleeDice(ctx, pursuer, 'pursuit')
  const answer = yield* rollDice({
    purpose: 'pursue',
    count: dice.count,
    sides: 6,
    roller: pursuer.player,
    text:
      `${pursuer.name} pursues: roll ${dice.count}D6 (catches on ` +
      `${quarry.map((q) => `${q.roll}+ against ${q.unit.name}`).join(', ')})`,
    explanation: explain(`${pursuer.name} pursues`, { rule: ctx.rule('flee-and-pursuit', 'pursue') }, [dice.why]),
    // Catching one quarry is the test; against several, the chance of each roll says it.
    odds: quarry.length === 1 ? { kind: 'total', pass: { atLeast: quarry[0]?.roll ?? 0 } } : { kind: 'total' },
  })
  const roll = sum(answer.faces)
  ctx.emit({
    kind: 'pursued',
    text: `${pursuer.name} pursues ${roll}"`,
    values: { unit: pursuer.id, roll },
    explanation: explain(`${pursuer.name} pursues ${roll}": dice ${answer.faces.join(' + ')}`, {
      value: roll,
      rule: ctx.rule('flee-and-pursuit', 'pursue'),
      from: [answer.seq],
    }),
  })
  for (const flight of quarry) {
    if (caught.has(flight.unit.id) || roll < flight.roll) continue
    caught.add(flight.unit.id)
    if (fellBackIds.has(flight.unit.id)) {
      reachFallenBack(ctx, pursuer, flight.unit, roll, flight.roll, answer.seq)
      continue
    }
    ctx.emit({
      kind: 'caught',
      text: `${pursuer.name} catches ${flight.unit.name} (${roll} against ${flight.roll}): it is destroyed`,
      values: { unit: flight.unit.id, by: pursuer.id, modelsLost: flight.unit.models },
      explanation: explain(
        `pursuit ${roll} >= flee ${flight.roll}: ${flight.unit.name} is caught and destroyed`,
        { value: flight.unit.models, rule: ctx.rule('flee-and-pursuit', 'caught'), from: [answer.seq] },
        contactNote ? [contactNote] : [],
      ),
    })
  }
  return false
}

/** A winner chooses to pursue or to hold; holding takes a Leadership test, failed means it pursues. */
function* decidePursuit(
  ctx: BattleContext,
  pursuer: UnitState,
  quarry: readonly UnitState[],
): Generator<RequestSpec, boolean, Answer> {
  if (mustPursue(ctx, pursuer, quarry)) return true
  const names = quarry.map((q) => q.name).join(' and ')
  const option = yield* choose({
    purpose: 'pursuit',
    chooser: pursuer.player,
    options: [
      { id: 'pursue', text: `pursue ${names}` },
      { id: 'hold', text: 'hold: take a Leadership test to restrain' },
    ],
    text: `${pursuer.name}: pursue ${names}, or hold?`,
    explanation: explain(`${names} broke: ${pursuer.name} may pursue`, {
      rule: ctx.rule('flee-and-pursuit', 'pursue'),
    }),
  })
  if (option === 'pursue') return true
  return !(yield* restraintTest(ctx, pursuer, quarry))
}
