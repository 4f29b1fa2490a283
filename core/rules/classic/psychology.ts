import type { LeadershipTest } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import { type BaseValue, type Resolved, resolveModifiers } from '../../engine/modifiers.js'
import { phaseKey } from '../../engine/outcomes.js'
import { choose, rollDice } from '../../engine/requests.js'
import type {
  Answer,
  CombatState,
  EventOf,
  GameState,
  Procedure,
  ProcedureContext,
  RequestSpec,
  TotalJudging,
  UnitState,
} from '../../engine/types.js'
import { type Explanation, explain, type RuleRef } from '../../explain/explanation.js'
import type { ClassicContext } from './catalogue.js'
import { chargeMarkers, cite } from './charges.js'
import { characteristic } from './charts.js'
import { fleeDice } from './close-combat-round.js'
import { isHidden } from './entries/concealed.js'
import { fallBack } from './fall-back.js'
import { DOUBLE_ONE_ONLY, leadershipOdds, naturalDouble } from './leadership-doubles.js'
import { characterView } from './models.js'
import { applied, barExplanation, fearFrom, forbidding, immunity, modelsCountedForRally } from './psychology-records.js'

type Step = Generator<RequestSpec, void, Answer>
type PsychologyTestKind = 'fear' | 'panic' | 'stupidity' | 'rally'

const sum = (faces: readonly number[]) => faces.reduce((total, face) => total + face, 0)

function describePhase(key: string): string {
  const [turn, player, phase] = (key.split('@')[0] ?? key).split('/')
  return `the ${phase} phase of turn ${turn} (${player})`
}

/** The unit is locked in a combat that goes on. */
export function engaged(game: GameState, unit: UnitState): boolean {
  for (const combat of Object.values(game.combats))
    if (!combat.ended && combat.sides.some((side) => side.units.some((u) => u.unit === unit.id))) return true
  return false
}

export interface General {
  /** The general's model (a lone character unit, or a joined character seen as one). */
  readonly model: UnitState
  /** The unit he is with (himself, when on his own). */
  readonly unit: UnitState
  readonly joined: boolean
  readonly why: Explanation
}

/**
 * The player's general (seed: General §general): the character with the highest Ld who can be the
 * general; among equals the one the player designated when mustering. Null when the army has none.
 */
export function generalOf(ctx: ClassicContext, player: string): General | null {
  const candidates: { model: UnitState; unit: UnitState; joined: boolean; designated: boolean }[] = []
  const barred: Explanation[] = []
  for (const id in ctx.game.units) {
    const unit = ctx.game.units[id] as UnitState
    // Most units have no character: asked at every Leadership test, this stays a light walk.
    if (unit.player !== player || (!unit.character && unit.characters.length === 0)) continue
    const models = unit.character
      ? [{ model: unit, joined: false, designated: unit.general === true }]
      : unit.characters.map((c) => ({ model: characterView(unit, c), joined: true, designated: c.general }))
    for (const candidate of models) {
      const bar = forbidding(ctx.modifiers, candidate.model, 'lead-army')
      if (bar) barred.push(barExplanation(bar, `${candidate.model.name}: ${bar.label}`))
      else candidates.push({ ...candidate, unit })
    }
  }
  if (candidates.length === 0) return null
  const highest = Math.max(...candidates.map((c) => c.model.profile.Ld))
  const tied = candidates.filter((c) => c.model.profile.Ld === highest)
  const designated = tied.find((c) => c.designated)
  const chosen = designated ?? (tied[0] as (typeof tied)[number])
  const how =
    tied.length === 1
      ? explain(`${chosen.model.name} has the highest Ld (${highest})`, { rule: ctx.rule('general', 'general') })
      : designated
        ? explain(`${tied.length} characters have Ld ${highest}; the player designated ${chosen.model.name}`, {
            rule: ctx.rule('general', 'general'),
            from: [chosen.unit.musteredAt],
          })
        : explain(
            `${tied.length} characters have Ld ${highest} and none was designated: the first mustered, ` +
              `${chosen.model.name} (${ctx.game.ruleset}/variants §general-undesignated)`,
            { rule: ctx.rule('variants', 'general-undesignated') },
          )
  // A designation counts only among the characters with the highest Ld.
  const overruled = candidates
    .filter((c) => c.designated && c.model.profile.Ld < highest)
    .map((c) =>
      explain(`${c.model.name} was designated, but has Ld ${c.model.profile.Ld}, not the highest`, {
        rule: ctx.rule('general', 'general'),
        from: [c.unit.musteredAt],
      }),
    )
  return {
    model: chosen.model,
    unit: chosen.unit,
    joined: chosen.joined,
    why: explain(`${player}'s general: ${chosen.model.name}`, { rule: ctx.rule('general', 'general') }, [
      how,
      ...overruled,
      ...barred,
    ]),
  }
}

/**
 * The Leadership a unit tests on (every Ld test calls this): the best Ld among its models and the
 * characters who joined it (unless a rule forbids using one), or the General's through Inspiring
 * Presence — asked of the table (12", front rank) only when his Ld is higher and he can lend it —
 * then every `leadership` modifier, kept within 0-10.
 */
export function* leadershipFor(
  ctx: ClassicContext,
  unit: UnitState,
  test: LeadershipTest,
  enemies: readonly UnitState[] = [],
): Generator<RequestSpec, Resolved & { readonly value: number }, Answer> {
  const own = characteristic(ctx, unit, 'Ld', null, null)
  let base: BaseValue & { value: number } = { value: own.value, text: `${unit.name} Ld`, from: [unit.musteredAt] }
  const details: Explanation[] = own.records.length > 0 ? [own.explanation] : []
  for (const character of unit.characters) {
    if (character.slain || character.profile.Ld <= base.value) continue
    if (isHidden(character)) {
      details.push(
        explain(
          `${character.name}'s Ld ${character.profile.Ld} is not used: it is hidden, not on the table`,
          {
            rule: ctx.rule('concealed', 'hidden'),
          },
          [
            explain(`${ctx.game.ruleset}/variants §concealed-hidden`, {
              rule: ctx.rule('variants', 'concealed-hidden'),
            }),
          ],
        ),
      )
      continue
    }
    const model = characterView(unit, character)
    const bar = forbidding(ctx.modifiers, model, 'lend-leadership', unit)
    if (bar) {
      details.push(barExplanation(bar, `${character.name}'s Ld ${character.profile.Ld} is not used: ${bar.label}`))
      continue
    }
    base = {
      value: character.profile.Ld,
      text: `${character.name}'s Ld, the best in the unit`,
      rule: ctx.rule('unit-leadership', 'best'),
      from: [unit.musteredAt],
    }
  }

  const general = generalOf(ctx, unit.player)
  if (general && general.unit.id !== unit.id && general.model.models > 0 && general.model.profile.Ld > base.value) {
    const ld = general.model.profile.Ld
    const name = general.model.name
    const bar = forbidding(ctx.modifiers, general.model, 'lend-leadership', unit)
    const hidden = general.unit.characters.find((c) => c.id === general.model.id && isHidden(c))
    if (hidden) {
      details.push(
        explain(`General ${name} is hidden, not on the table: no Inspiring Presence`, {
          rule: ctx.rule('concealed', 'hidden'),
        }),
      )
    } else if (general.unit.fleeing) {
      details.push(
        explain(`General ${name} (Ld ${ld}) is broken: no Inspiring Presence`, {
          rule: ctx.rule('general', 'inspiring-presence'),
          from: [general.unit.changedAt],
        }),
      )
    } else if (bar) {
      details.push(barExplanation(bar, `General ${name}'s Ld is not used: ${bar.label}`))
    } else {
      const where = ctx.mechanics.commandRange(ctx, general, unit)
      const answer = yield* choose({
        purpose: 'inspiring-presence',
        chooser: unit.player,
        options: [
          { id: 'yes', text: `yes: ${unit.name} uses the General's Ld ${ld}` },
          { id: 'no', text: `no: ${unit.name} uses its own Ld ${base.value}` },
        ],
        text: `Is General ${name} ${where}? (${unit.name}'s ${test} test)`,
        explanation: explain(
          `${unit.name}'s ${test} test: General ${name} (Ld ${ld}) lends his Ld to friendly units within 12"`,
          { rule: ctx.rule('general', 'inspiring-presence') },
          [general.why],
        ),
      })
      if (answer === 'yes') {
        base = {
          value: ld,
          text: `General ${name}'s Ld: Inspiring Presence (${where}, as the table says)`,
          rule: ctx.rule('general', 'inspiring-presence'),
          from: [ctx.seq],
        }
      } else {
        details.push(
          explain(`General ${name} is not ${where}, as the table says: no Inspiring Presence`, {
            rule: ctx.rule('general', 'inspiring-presence'),
            from: [ctx.seq],
          }),
        )
      }
    }
  }

  const resolved = resolveModifiers(base, ctx.modifiers('leadership', { subject: unit, opponent: enemies, test }), {
    mode: 'value',
    title: 'Leadership {}',
    details,
    bounds: { min: 0, max: 10, rule: ctx.rule('dice', 'characteristic-range'), text: 'Ld runs 0-10' },
  })
  return resolved as Resolved & { readonly value: number }
}

/**
 * A 2D6 Leadership test for a psychology test: passed on a total at or below the Ld; a natural double
 * decides it where the ruleset says so (The Old World: double 1 passes, double 6 fails).
 */
function* leadershipRoll(
  unit: UnitState,
  purpose: string,
  ld: Resolved & { readonly value: number },
  why: Explanation,
  ctx?: ClassicContext,
  odds: TotalJudging = leadershipOdds(ctx, ld.value),
): Generator<
  RequestSpec,
  { passed: boolean; total: number; faces: readonly number[]; seq: number; natural?: ReturnType<typeof naturalDouble> },
  Answer
> {
  const answer = yield* rollDice({
    purpose: purpose.toLowerCase().replaceAll(' ', '-'),
    count: 2,
    sides: 6,
    roller: unit.player,
    text: `${unit.name}: roll 2D6 ${purpose}, passes on ${ld.value} or less`,
    explanation: explain(why.text, { rule: why.rule, from: why.from }, [...why.children, ld.explanation]),
    odds,
  })
  const total = sum(answer.faces)
  const natural = ctx ? naturalDouble(ctx, answer.faces) : null
  if (natural) return { passed: natural.passed, total, faces: answer.faces, seq: answer.seq, natural }
  return { passed: total <= ld.value, total, faces: answer.faces, seq: answer.seq }
}

function emitTest(
  ctx: ClassicContext,
  unit: UnitState,
  test: PsychologyTestKind,
  outcome: {
    passed: boolean
    roll: number | null
    leadership: number | null
    phase: string
    auto?: 'general' | 'immune'
    text: string
    explanation: Explanation
  },
): void {
  ctx.emit({
    kind: 'psychology-test',
    text: outcome.text,
    values: {
      unit: unit.id,
      test,
      passed: outcome.passed,
      roll: outcome.roll,
      leadership: outcome.leadership,
      phase: outcome.phase,
      ...(outcome.auto ? { auto: outcome.auto } : {}),
    },
    explanation: outcome.explanation,
  })
}

function rollVerdict(
  ctx: ClassicContext,
  roll: { total: number; faces: readonly number[]; seq: number; natural?: ReturnType<typeof naturalDouble> },
  ld: number,
) {
  if (roll.natural)
    return explain(`dice ${roll.faces.join(' + ')} = ${roll.total}: ${roll.natural.text}`, {
      value: roll.total,
      rule: roll.natural.rule,
      from: [roll.seq],
    })
  return explain(`dice ${roll.faces.join(' + ')} = ${roll.total} ${roll.total <= ld ? '<=' : '>'} ${ld}`, {
    value: roll.total,
    rule: ctx.rule('leadership-test', 'roll'),
    from: [roll.seq],
  })
}

// ---------------------------------------------------------------------------------------------
// Fear (seed: Fear §close-combat)

/**
 * The Fear tests of a combat: every unit in base contact with a Fear-causing enemy tests Ld once a
 * phase; a failed test gives it -1 to hit until the phase ends. The table says who touches whom when
 * a side has several units.
 */
export function* fearTests(ctx: ClassicContext, combat: CombatState, from: number): Step {
  const key = phaseKey(ctx.game)
  const live = (index: number) =>
    (combat.sides[index]?.units ?? []).map((u) => ctx.unit(u.unit)).filter((unit) => unit.models > 0 && !unit.fleeing)
  for (const [index, side] of combat.sides.entries()) {
    for (const entry of side.units) {
      const unit = ctx.unit(entry.unit)
      if (unit.models === 0 || unit.fleeing || unit.testedIn?.fear === key) continue
      const enemies = live(1 - index)
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
      if (touching.length === 0) continue
      yield* fearTest(ctx, unit, touching, key, from)
    }
  }
}

function* fearTest(ctx: ClassicContext, unit: UnitState, causers: UnitState[], key: string, from: number): Step {
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
  // The Old World's penalty counts against the Fear causers only (ctx.mechanics.fearInCombat).
  const againstCausers = ctx.mechanics.fearInCombat === 'combat-fought-causers-only'
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

/** The close-combat phase's opening: the Fear tests of every combat that goes on. */
export function* fearAtPhaseStart(ctx: ClassicContext, event: EventOf<'PhaseStarted'>): Step {
  for (const combat of Object.values(ctx.game.combats)) if (!combat.ended) yield* fearTests(ctx, combat, event.seq)
}

// ---------------------------------------------------------------------------------------------
// Stupidity (seed: Stupidity)

/** The start of a player's turn: each of his units subject to Stupidity and not engaged tests Ld. */
export function* stupidityTests(ctx: ClassicContext, event: EventOf<'TurnStarted'>): Step {
  if (!ctx.holdsAnywhere('stupidity')) return
  const player = event.payload.player
  const key = phaseKey(ctx.game)
  for (const unit of Object.values(ctx.game.units)) {
    if (unit.player !== player || unit.models === 0) continue
    const records = ctx.modifiers('psychology', { subject: unit, opponent: [], test: 'stupidity' })
    const must = applied(records, 'must-test')
    if (!must || engaged(ctx.game, unit)) continue
    // A fleeing unit does not test (classic/variants §stupidity-fleeing).
    if (unit.fleeing) continue
    const cause = explain(`${unit.name} is subject to Stupidity and not engaged in combat: it tests`, {
      rule: ctx.rule('stupidity', 'test'),
      from: [event.seq],
    })
    const immune = immunity(records)
    if (immune) {
      emitTest(ctx, unit, 'stupidity', {
        passed: true,
        roll: null,
        leadership: null,
        phase: key,
        auto: 'immune',
        text: `${unit.name} takes no Stupidity test: ${immune.label}`,
        explanation: explain(`${unit.name}: ${immune.label}`, { rule: immune.source }, [cause]),
      })
      continue
    }
    const ld = yield* leadershipFor(ctx, unit, 'stupidity')
    const roll = yield* leadershipRoll(unit, 'Stupidity test', ld, cause, ctx)
    const move = characteristic(ctx, unit, 'M', null, null).value
    const failedText =
      `${unit.name} fails its Stupidity test (${roll.total} against ${ld.value}): until ${player}'s next turn or ` +
      'until it is engaged it cannot charge, shoot or cast spells and is Immune to Psychology. In the compulsory ' +
      `moves move it ${move / 2}" (half its M ${move}) straight ahead without turning or wheeling (skirmishers in a ` +
      'random direction, flyers on the ground); it stops 1" short of impassable terrain, the table edge and units; ' +
      'reaching an enemy is a charge, a friend it bumps into is confused'
    emitTest(ctx, unit, 'stupidity', {
      passed: roll.passed,
      roll: roll.total,
      leadership: ld.value,
      phase: key,
      text: roll.passed ? `${unit.name} passes its Stupidity test (${roll.total} against ${ld.value})` : failedText,
      explanation: explain(
        roll.passed ? `${unit.name} passes its Stupidity test` : failedText,
        { value: roll.passed, rule: ctx.rule('stupidity', roll.passed ? 'test' : 'move'), from: [roll.seq] },
        [cause, ld.explanation, rollVerdict(ctx, roll, ld.value)],
      ),
    })
    if (roll.passed) continue
    ctx.emit({
      kind: 'effect-started',
      text: `${unit.name} is stupid until ${player}'s next turn or until engaged`,
      values: {
        effect: {
          id: `stupidity-${roll.seq}-${unit.id}`,
          entry: 'stupidity',
          unit: unit.id,
          params: { failedTest: true },
          duration: { kind: 'players-next-turn', player, orEngaged: true },
          startedAt: roll.seq,
        },
      },
      explanation: explain(
        `${unit.name}: no charge, shooting or spells, Immune to Psychology, until ${player}'s next turn or until engaged`,
        { rule: ctx.rule('stupidity', 'duration'), from: [roll.seq] },
        [explain('what a failed test forbids', { rule: ctx.rule('stupidity', 'failed') })],
      ),
    })
  }
}

// ---------------------------------------------------------------------------------------------
// Panic (core mechanics A.7, A.10) and the General's auto-pass

/**
 * One Panic test: none for an immune unit; the General may pass his unit's first Panic test of the
 * game; otherwise Ld on 2D6, and a unit that fails flees. Returns whether it held.
 */
export function* panicTest(
  ctx: ClassicContext,
  unit: UnitState,
  cause: Explanation,
  phase: string,
): Generator<RequestSpec, boolean, Answer> {
  const records = ctx.modifiers('psychology', { subject: unit, opponent: [], test: 'panic' })
  const immune = immunity(records) ?? applied(records, 'auto-pass') ?? null
  if (immune) {
    emitTest(ctx, unit, 'panic', {
      passed: true,
      roll: null,
      leadership: null,
      phase,
      auto: 'immune',
      text: `${unit.name} takes no Panic test: ${immune.label}`,
      explanation: explain(`${unit.name}: ${immune.label}`, { rule: immune.source }, [cause]),
    })
    return true
  }
  const general = ctx.mechanics.panic.generalAutoPass ? generalOf(ctx, unit.player) : null
  if (general && general.unit.id === unit.id && general.model.models > 0 && (unit.panicTests ?? 0) === 0) {
    const option = yield* choose({
      purpose: 'general-auto-pass',
      chooser: unit.player,
      options: [
        { id: 'auto-pass', text: 'pass it automatically (once a game)' },
        { id: 'roll', text: 'roll the test' },
      ],
      text: `${unit.name}'s first Panic test of the game: General ${general.model.name} may pass it automatically`,
      explanation: explain(
        `the first Panic test General ${general.model.name} or his unit takes in the game`,
        { rule: ctx.rule('general', 'auto-pass') },
        [cause, general.why],
      ),
    })
    if (option === 'auto-pass') {
      emitTest(ctx, unit, 'panic', {
        passed: true,
        roll: null,
        leadership: null,
        phase,
        auto: 'general',
        text: `${unit.name} passes its Panic test: General ${general.model.name}'s once-a-game automatic pass`,
        explanation: explain(
          `General ${general.model.name} passes the first Panic test of the game automatically`,
          { value: true, rule: ctx.rule('general', 'auto-pass'), from: [ctx.seq] },
          [cause],
        ),
      })
      return true
    }
  }
  const ld = yield* leadershipFor(ctx, unit, 'panic')
  const roll = yield* leadershipRoll(unit, 'Panic test', ld, cause, ctx)
  const failed = roll.passed ? null : ctx.mechanics.panic.failed(ctx, unit)
  // Falling back in good order is The Old World's clause (old-world/panic §fall-back), not in classic's entry.
  const failedRule =
    failed?.end === 'fall-back'
      ? (ctx as unknown as { rule(id: string, clause: 'fall-back'): RuleRef }).rule('panic', 'fall-back')
      : ctx.rule('panic', 'flee')
  emitTest(ctx, unit, 'panic', {
    passed: roll.passed,
    roll: roll.total,
    leadership: ld.value,
    phase,
    text: `${unit.name} ${roll.passed ? 'passes' : 'fails'} its Panic test (${roll.total} against ${ld.value})`,
    explanation: explain(
      `${unit.name} ${roll.passed ? 'passes' : 'fails'} its Panic test`,
      {
        value: roll.passed,
        rule: roll.passed ? ctx.rule('leadership-test', 'roll') : failedRule,
        from: [roll.seq],
      },
      [cause, ld.explanation, rollVerdict(ctx, roll, ld.value)],
    ),
  })
  if (!failed) return true
  if (failed.end === 'fall-back') {
    yield* fallBack(ctx, unit, null, failed.why)
    return false
  }
  const dice = fleeDice(ctx, unit)
  const flight = yield* rollDice({
    purpose: 'flee',
    count: dice.count,
    sides: 6,
    roller: unit.player,
    text: `${unit.name} panics: roll ${dice.count}D6 to flee`,
    explanation: explain(`${unit.name} flees in panic`, { rule: ctx.rule('panic', 'flee') }, [
      dice.why,
      ...(failed.why ? [failed.why] : []),
    ]),
    odds: { kind: 'total' },
  })
  const distance = sum(flight.faces)
  ctx.emit({
    kind: 'fled',
    text: `${unit.name} flees ${distance}" in panic`,
    values: { unit: unit.id, roll: distance },
    explanation: explain(
      `${unit.name} flees ${distance}": dice ${flight.faces.join(' + ')}`,
      { value: distance, rule: ctx.rule('panic', 'flee'), from: [flight.seq] },
      [dice.why],
    ),
  })
  return false
}

/**
 * Every phase's opening: a unit that lost 25% or more of the models it had when the phase that just
 * ended started takes its Panic test now (classic/variants §panic-heavy-casualties).
 */
export function* heavyCasualties(ctx: ClassicContext, event: EventOf<'PhaseStarted'>): Step {
  const ended = ctx.game.lastPhase
  const losses = ctx.game.phaseLosses
  if (ended === undefined || losses?.phase !== ended) return
  const rules = ctx.mechanics.panic
  // Losses in a phase the ruleset leaves out (The Old World's Combat phase) cause no test.
  if (rules.heavyCasualtiesExcept.includes(phaseOfKey(ended))) return
  for (const id of losses.units) {
    const unit = ctx.unit(id)
    const start = unit.phaseStart
    if (!start || start.phase !== ended) continue
    const lost = start.models - unit.models
    const more = rules.heavyCasualties === 'more-than-quarter'
    if (lost <= 0 || (more ? lost * 4 <= start.models : lost * 4 < start.models)) continue
    if (unit.models === 0 || unit.fleeing || engaged(ctx.game, unit) || unit.testedIn?.panic === ended) continue
    if (rules.chargersExempt && charging(ctx.game, unit)) continue
    const cause = explain(
      `${unit.name} lost ${lost} of the ${start.models} models it had at the start of ${describePhase(ended)}: ` +
        (more ? 'more than 25%' : '25% or more'),
      { value: lost, rule: ctx.rule('panic', 'heavy-casualties'), from: [unit.changedAt, event.seq] },
      [
        explain(`tested as the next phase starts (${cite(ctx.rule('variants', 'panic-heavy-casualties'))})`, {
          rule: ctx.rule('variants', 'panic-heavy-casualties'),
        }),
      ],
    )
    yield* panicTest(ctx, unit, cause, ended)
  }
}

const CAUSES = {
  'friend-destroyed': 'was destroyed within 6"',
  'friend-broke': 'broke from combat within 6"',
  'fled-through': 'fled through it',
} as const

/** What a friend that fell back in good order did (The Old World: it causes Panic as a flight does). */
const FELL_BACK = {
  'friend-broke': 'fell back in good order from combat within 6"',
  'fled-through': 'fell back in good order through it',
} as const

/** The unit declared a charge this turn (its charge marker): The Old World's chargers take no Panic test. */
function charging(game: GameState, unit: UnitState): boolean {
  return chargeMarkers(game, unit.id).some((marker) => marker.params.role === 'charging')
}

/** The phase id of a phase key (`turn/player/phase@seq`). */
function phaseOfKey(key: string): string {
  return (key.split('@')[0] ?? key).split('/')[2] ?? ''
}

/** PanicTestDeclared: the players say a friend was destroyed or broke within 6", or fled through the unit. */
export function* panicTestDeclared(context: ProcedureContext, event: EventOf<'PanicTestDeclared'>): Procedure {
  const ctx = context as ClassicContext
  const where = `seq ${event.seq}: PanicTestDeclared`
  const { cause } = event.payload
  const unit = ctx.unit(event.payload.unit)
  const friend = ctx.unit(event.payload.friend)
  if (ctx.game.phase === null)
    throw new RuleError('rules/wrong-phase', `${where}: Panic tests are taken in a phase, and none has started`)
  if (friend.player !== unit.player)
    throw new RuleError('rules/wrong-side', `${where}: ${friend.name} is not a friend of ${unit.name}`)
  if (friend.id === unit.id)
    throw new RuleError('rules/bad-target', `${where}: ${unit.name} cannot cause its own Panic test`)
  if (unit.models === 0) throw new RuleError('rules/unit-destroyed', `${where}: ${unit.name} has no models left`)
  if (unit.fleeing)
    throw new RuleError(
      'rules/unit-fleeing',
      `${where}: ${unit.name} is fleeing: fleeing units take no Panic test (${cite(ctx.rule('panic', 'exempt'))})`,
    )
  if (engaged(ctx.game, unit))
    throw new RuleError(
      'rules/already-engaged',
      `${where}: ${unit.name} is engaged in combat: units in combat take no Panic test (${cite(ctx.rule('panic', 'exempt'))})`,
    )
  const rules = ctx.mechanics.panic
  if (rules.chargersExempt && charging(ctx.game, unit))
    throw new RuleError(
      'rules/panic-not-due',
      `${where}: ${unit.name} is charging this turn: chargers take no Panic test (${cite(ctx.rule('panic', 'exempt'))})`,
    )
  const key = phaseKey(ctx.game)
  if (unit.testedIn?.panic === key)
    throw new RuleError(
      'rules/panic-not-due',
      `${where}: ${unit.name} has taken its Panic test this phase (${cite(ctx.rule('panic', 'once-per-phase'))})`,
    )
  if (cause === 'friend-destroyed' && friend.models > 0)
    throw new RuleError('rules/panic-not-due', `${where}: ${friend.name} is not destroyed (${friend.models} models)`)
  const fellBack = rules.fallBackCounts && friend.fellBackIn === key
  if (cause !== 'friend-destroyed' && !friend.fleeing && !fellBack)
    throw new RuleError(
      'rules/panic-not-due',
      `${where}: ${friend.name} is not fleeing${rules.fallBackCounts ? ' and has not fallen back in good order this phase' : ''}`,
    )
  // Friends fleeing through the unit cause Panic whatever their size; a friend destroyed or breaking may not.
  const size = cause === 'fled-through' ? null : rules.friendCounts(ctx, friend)
  if (size && !size.counts)
    throw new RuleError('rules/panic-not-due', `${where}: ${size.why.text} (${cite(ctx.rule('panic', cause))})`)
  const how = fellBack ? FELL_BACK[cause as 'friend-broke' | 'fled-through'] : CAUSES[cause]
  const why = explain(
    `${friend.name} ${how} ${cause === 'fled-through' ? unit.name : `of ${unit.name}`}`,
    { rule: ctx.rule('panic', cause), from: [event.seq, friend.changedAt] },
    size ? [size.why] : [],
  )
  yield* panicTest(ctx, unit, why, key)
}

// ---------------------------------------------------------------------------------------------
// Rally (core mechanics A.2, A.10; Musician §rally; No Leader §rally)

/** The movement phase's opening: the active player's fleeing units that did not flee this turn test to rally. */
export function* rallyTests(ctx: ClassicContext, event: EventOf<'PhaseStarted'>): Step {
  const player = ctx.game.activePlayer
  const key = phaseKey(ctx.game)
  for (const unit of Object.values(ctx.game.units)) {
    if (unit.player !== player || !unit.fleeing || unit.models === 0) continue
    if (unit.fledAt && unit.fledAt.turn === ctx.game.turn && unit.fledAt.player === player) continue
    const cause = explain(`${unit.name} is fleeing: it tests to rally`, {
      rule: ctx.rule('rally', 'test'),
      from: [event.seq, unit.changedAt],
    })
    const bar = forbidding(ctx.modifiers, unit, 'rally')
    if (bar) {
      emitTest(ctx, unit, 'rally', {
        passed: false,
        roll: null,
        leadership: null,
        phase: key,
        text: `${unit.name} cannot rally: ${bar.label}`,
        explanation: explain(`${unit.name} cannot rally: ${bar.label}`, { rule: bar.source }, [cause]),
      })
      continue
    }
    const floor = rallyFloor(ctx, unit)
    const rule = ctx.decision('rally-below-quarter')
    if (floor.below && rule === 'not-below-25-percent') {
      emitTest(ctx, unit, 'rally', {
        passed: false,
        roll: null,
        leadership: null,
        phase: key,
        text: `${unit.name} cannot rally: ${floor.text}`,
        explanation: explain(
          `${unit.name} cannot rally: ${floor.text}`,
          { value: false, rule: ctx.rule('rally', 'below-quarter'), from: [unit.changedAt] },
          [cause, ...floor.notes],
        ),
      })
      continue
    }
    const ld = yield* leadershipFor(ctx, unit, 'rally')
    // Below the floor, where the unit may rally at all, only a double 1 rallies it (classic-8th, The Old World).
    const doubleOneOnly = floor.below && rule !== 'not-below-25-percent'
    const why = doubleOneOnly
      ? explain(
          `${cause.text}; ${floor.text}: only a double 1 rallies it`,
          { rule: ctx.rule('rally', 'below-quarter') },
          [cause, ...floor.notes],
        )
      : cause
    const roll = yield* leadershipRoll(unit, 'rally test', ld, why, ctx, doubleOneOnly ? DOUBLE_ONE_ONLY : undefined)
    const passed = doubleOneOnly ? roll.faces.every((face) => face === 1) : roll.passed
    emitTest(ctx, unit, 'rally', {
      passed,
      roll: roll.total,
      leadership: ld.value,
      phase: key,
      text:
        `${unit.name} ${passed ? 'rallies' : 'fails to rally'} ` +
        `(${roll.total} against ${ld.value}${doubleOneOnly ? ', a double 1 needed' : ''})`,
      explanation: explain(
        `${unit.name} ${passed ? 'rallies' : 'fails to rally'}`,
        { value: passed, rule: ctx.rule('rally', doubleOneOnly ? 'below-quarter' : 'test'), from: [roll.seq] },
        [why, ld.explanation, rollVerdict(ctx, roll, ld.value)],
      ),
    })
    if (passed)
      ctx.emit({
        kind: 'rallied',
        text: `${unit.name} stops fleeing`,
        values: { unit: unit.id },
        explanation: explain(`${unit.name} rallies and stops fleeing`, {
          rule: ctx.rule('rally', 'test'),
          from: [roll.seq],
        }),
      })
    if (passed && ctx.mechanics.ralliedBar === 'until-end-of-turn') ralliedThisTurn(ctx, unit, roll.seq)
  }
}

/** A rallied unit holds its `rally` entry until the turn ends: the entry's effects say what it may not do. */
function ralliedThisTurn(ctx: ClassicContext, unit: UnitState, seq: number): void {
  // The Old World's clause (old-world/rally §rallied), which classic's entry does not have.
  const rule = (ctx as unknown as { rule(id: string, clause: 'rallied'): RuleRef }).rule('rally', 'rallied')
  ctx.emit({
    kind: 'effect-started',
    text: `${unit.name} rallied: it may reform at once; it may not charge this turn and counts as having moved`,
    values: {
      effect: {
        id: `rallied-${seq}-${unit.id}`,
        entry: 'rally',
        unit: unit.id,
        params: { rallied: true },
        duration: { kind: 'end-of-turn' },
        startedAt: seq,
      },
    },
    explanation: explain(`${unit.name} rallied: no charge until the end of the turn`, { rule, from: [seq] }),
  })
}

/** Whether a unit has too few models left to rally normally: its models and the characters that count. */
function rallyFloor(ctx: ClassicContext, unit: UnitState): { below: boolean; text: string; notes: Explanation[] } {
  const { left, characters, notes } = modelsCountedForRally(ctx.modifiers, unit)
  const rule = ctx.decision('rally-below-quarter')
  // 'double-one-at-25-percent' (classic-8th) takes 25% itself in; the others only fewer.
  const atQuarter = rule === 'double-one-at-25-percent'
  const below = atQuarter ? left * 4 <= unit.startingModels : left * 4 < unit.startingModels
  const counted = characters > 0 ? ` (${unit.models} and ${characters} character${characters === 1 ? '' : 's'})` : ''
  const text =
    `${left} of its ${unit.startingModels} starting models left${counted}: ` +
    `${below ? (atQuarter ? '25% or less' : 'below 25%') : 'not below 25%'} ` +
    `(${cite(ctx.rule('variants', 'rally-below-quarter'))})`
  notes.push(explain(text, { rule: ctx.rule('variants', 'rally-below-quarter') }))
  return { below, text, notes }
}
