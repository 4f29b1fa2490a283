import { phaseKey } from '../../engine/outcomes.js'
import { choose } from '../../engine/requests.js'
import type { Answer, CombatState, RequestSpec, UnitState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { leadershipFor } from './leadership.js'
import { applied, fearFrom } from './psychology-records.js'
import { emitTest, leadershipRoll, rollVerdict } from './psychology-tests.js'
import type { UnitInCombat } from './unit-in-combat.js'

type Step = Generator<RequestSpec, void, Answer>

// Fear (seed: Fear §close-combat)

/** Whom a failed close-combat Fear test penalises: every enemy (classic) or the Fear causers only (The Old World). */
export type FearPenalty = 'every-enemy' | 'causers-only'

/**
 * The Fear entry's step for one unit of a combat (its `close-combat` clause, at the `unit-in-combat` trigger point):
 * a unit in base contact with a Fear-causing enemy tests Ld once a phase; a failed test gives it -1 to hit until the
 * phase ends. The table says who touches whom when a side has several units.
 */
export function* fearInCombat(ctx: BattleContext, query: UnitInCombat, penalty: FearPenalty): Step {
  const { subject: unit, combat, side: index, from } = query
  const key = phaseKey(ctx.game)
  if (unit.models === 0 || unit.fleeing || unit.testedIn?.fear === key) return
  const side = combat.sides[index] as CombatState['sides'][number]
  const enemies = (combat.sides[1 - index]?.units ?? [])
    .map((u) => ctx.unit(u.unit))
    .filter((enemy) => enemy.models > 0 && !enemy.fleeing)
  const causers = fearFrom(ctx.modifiers, unit, enemies).causers
  const touching: UnitState[] = []
  for (const causer of causers) {
    if (enemies.length === 1) {
      touching.push(causer)
      continue
    }
    const answer = yield* choose({
      purpose: 'base-contact',
      chooser: side.player,
      options: [
        { id: 'yes', text: `yes: ${unit.name} touches ${causer.name}` },
        { id: 'no', text: `no: ${unit.name} does not touch ${causer.name}` },
      ],
      text: `Is ${unit.name} in base contact with ${causer.name}, which causes Fear?`,
      explanation: explain(`${causer.name} causes Fear: units in base contact with it test`, {
        rule: ctx.rule('fear', 'close-combat'),
        from: [from],
      }),
    })
    if (answer === 'yes') touching.push(causer)
  }
  if (touching.length === 0) return
  yield* fearTest(ctx, unit, touching, key, from, penalty)
}

function* fearTest(
  ctx: BattleContext,
  unit: UnitState,
  causers: UnitState[],
  key: string,
  from: number,
  penalty: FearPenalty,
): Step {
  const names = causers.map((u) => u.name).join(' and ')
  const fear = fearFrom(ctx.modifiers, unit, causers)
  const cause = explain(
    `${unit.name} is in base contact with ${names}, which cause${causers.length === 1 ? 's' : ''} Fear`,
    {
      rule: ctx.rule('fear', 'close-combat'),
      from: [from],
    },
    fear.records.map((r) =>
      explain(`${r.label}${r.status === 'ignored' ? ` (${r.reason})` : ''}`, { rule: r.source, status: r.status }),
    ),
  )
  // Immune to Psychology passes Fear tests automatically (old-world/immune-to-psychology).
  const spared = fear.immune ?? applied(fear.records, 'auto-pass') ?? null
  if (spared) {
    emitTest(ctx, unit, 'fear', {
      passed: true,
      roll: null,
      leadership: null,
      phase: key,
      auto: 'immune',
      text: `${unit.name} is not affected by Fear: ${spared.label}`,
      explanation: explain(`${unit.name} takes no Fear test: ${spared.label}`, { rule: spared.source }, [cause]),
    })
    return
  }
  const ld = yield* leadershipFor(ctx, unit, 'fear', causers)
  const roll = yield* leadershipRoll(unit, 'Fear test', ld, cause, ctx)
  emitTest(ctx, unit, 'fear', {
    passed: roll.passed,
    roll: roll.total,
    leadership: ld.value,
    phase: key,
    text: roll.passed
      ? `${unit.name} passes its Fear test (${roll.total} against ${ld.value})`
      : `${unit.name} fails its Fear test (${roll.total} against ${ld.value}): -1 to hit this close-combat phase`,
    explanation: explain(
      `${unit.name} ${roll.passed ? 'passes' : 'fails'} its Fear test`,
      { value: roll.passed, rule: ctx.rule('fear', 'close-combat'), from: [roll.seq] },
      [cause, ld.explanation, rollVerdict(ctx, roll, ld.value)],
    ),
  })
  if (roll.passed) return
  // The Old World's penalty counts against the Fear causers only (its Fear entry says so).
  const againstCausers = penalty === 'causers-only'
  ctx.emit({
    kind: 'effect-started',
    text: againstCausers
      ? `${unit.name}: -1 to hit against ${names} until the end of this close-combat phase (failed Fear test)`
      : `${unit.name}: -1 to hit until the end of this close-combat phase (failed Fear test)`,
    values: {
      effect: {
        id: `fear-${roll.seq}-${unit.id}`,
        entry: 'fear',
        unit: unit.id,
        params: againstCausers
          ? { failedTest: true, causers: causers.map((u) => u.id).join(',') }
          : { failedTest: true },
        duration: { kind: 'end-of-phase' },
        startedAt: roll.seq,
      },
    },
    explanation: explain(`${unit.name} suffers -1 to hit for this close-combat phase`, {
      rule: ctx.rule('fear', 'close-combat'),
      from: [roll.seq],
    }),
  })
}
