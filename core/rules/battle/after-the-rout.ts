import type { Facing } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import { phaseKey } from '../../engine/outcomes.js'
import { choose, rollDice } from '../../engine/requests.js'
import type {
  AfterCombatMove,
  Answer,
  CombatState,
  EventOf,
  Procedure,
  ProcedureContext,
  RequestSpec,
  UnitState,
} from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { sum } from './counting.js'
import { fleeDice } from './flee-dice.js'
import { hasModelsLeft } from './models.js'
import { mustPursue } from './pursuit.js'
import { restraintTest } from './restraint-test.js'
import type { Round } from './round-tally.js'
import { cite, combatOf } from './unit-checks.js'

type Step<T = void> = Generator<RequestSpec, T, Answer>

/** A unit free to overrun: it charged this round and destroyed the foes it was in contact with. */
interface Overrunner {
  readonly unit: UnitState
  readonly destroyed: readonly UnitState[]
}

/**
 * An overrun (flee-and-pursuit §overrun): a unit that wiped out its enemy in the round it charged may move on with its
 * pursuit dice; Hatred makes it (classic/hatred §pursue: "has to overrun"). Whether the move reaches a fresh enemy
 * is the table's to say (PursuitReached). Here the whole enemy side is wiped out.
 */
export function* overrun(r: Round): Step {
  const { ctx } = r
  const winnerIndex = r.live(0).length > 0 ? 0 : 1
  const destroyed = (r.combat.sides[1 - winnerIndex]?.units ?? []).map((u) => ctx.unit(u.unit))
  const chargers = r.live(winnerIndex).filter((unit) => r.moment(unit.id).charging)
  yield* overrunEach(
    r,
    chargers.map((unit) => ({ unit, destroyed })),
    null,
  )
}

/**
 * In a combat that goes on: a charger of the given sides (the winners, or both in a draw) whose every foe in contact
 * this round is destroyed may overrun, leaving the combat (variants §overrun-in-a-larger-combat).
 */
export function* overrunFromCombat(r: Round, sides: readonly number[]): Step {
  const { ctx } = r
  const targets = r.plan.targets
  const key = phaseKey(ctx.game)
  const freed = sides.flatMap((index) =>
    r.live(index).flatMap((unit): Overrunner[] => {
      if (!r.moment(unit.id).charging || ctx.unit(unit.id).afterCombat?.phase === key) return []
      const enemies = (r.combat.sides[1 - index]?.units ?? []).map((u) => ctx.unit(u.unit))
      const inContact = enemies.filter(
        (enemy) => r.start.alive.has(enemy.id) && (targets[unit.id] === enemy.id || targets[enemy.id] === unit.id),
      )
      return inContact.length > 0 && !inContact.some(hasModelsLeft) ? [{ unit, destroyed: inContact }] : []
    }),
  )
  yield* overrunEach(r, freed, r.combat.id)
}

/** Each overrunner overruns, or stays (a Restraint test where the ruleset asks one); `leaving`: the combat it leaves. */
function* overrunEach(r: Round, overrunners: readonly Overrunner[], leaving: string | null): Step {
  const { ctx } = r
  const rule = ctx.rule('flee-and-pursuit', 'overrun')
  for (const { unit, destroyed } of overrunners) {
    const names = destroyed.map((u) => u.name).join(' and ')
    const must = mustPursue(ctx, unit, destroyed)
    if (!must) {
      const option = yield* choose({
        purpose: 'overrun',
        chooser: unit.player,
        options: [
          { id: 'overrun', text: `overrun: move on with the pursuit dice` },
          {
            id: 'stay',
            text:
              ctx.profile.wipeOutRestrains !== null ? 'stay where it is' : 'restrain and reform: take a Restraint test',
          },
        ],
        text: `${unit.name} wiped out ${names} in its charge: overrun, or stay?`,
        explanation: explain(`${unit.name} destroyed ${names} in the round it charged: it may overrun`, {
          rule,
          from: [r.seq],
        }),
      })
      // Wiping out the foe restrains (classic); elsewhere staying is an attempt to restrain (variants §reform-after-combat).
      if (
        option !== 'overrun' &&
        (ctx.profile.wipeOutRestrains !== null || (yield* restraintTest(ctx, unit, destroyed, 'overrun')))
      )
        continue
    }
    const dice = fleeDice(ctx, unit, 'pursuit')
    const answer = yield* rollDice({
      purpose: 'overrun',
      count: dice.count,
      sides: 6,
      roller: unit.player,
      text: `${unit.name} overruns: roll ${dice.count}D6`,
      explanation: explain(`${unit.name} overruns`, { rule }, [dice.why]),
      odds: { kind: 'total' },
    })
    const roll = sum(answer.faces)
    const why = [dice.why]
    if (leaving)
      why.push(
        explain(`every foe in contact with ${unit.name} is destroyed: it leaves combat ${leaving}`, {
          rule: ctx.rule('variants', 'overrun-in-a-larger-combat'),
        }),
      )
    ctx.emit({
      kind: 'overran',
      text:
        `${unit.name} overruns ${roll}"${leaving ? `, leaving combat ${leaving}` : ''}; ` +
        'if it reaches a fresh enemy, declare PursuitReached',
      values: leaving ? { unit: unit.id, roll, combat: leaving } : { unit: unit.id, roll },
      explanation: explain(
        `${unit.name} overruns ${roll}": dice ${answer.faces.join(' + ')}`,
        { value: roll, rule, from: [answer.seq] },
        why,
      ),
    })
  }
}

/**
 * PursuitReached: a winner's pursuit or overrun move reached an enemy it was not fighting (flee-and-pursuit
 * §fresh-enemy). A fleeing enemy is caught and destroyed; any other is charged: the pursuer makes a combat with it, or
 * joins the one it is in, as having charged, fought in the next close-combat phase.
 */
// biome-ignore lint/correctness/useYield: it asks nothing of the table; a declaration's procedure is a generator.
export function* pursuitReached(context: ProcedureContext, event: EventOf<'PursuitReached'>): Procedure {
  const ctx = context as BattleContext
  const where = `seq ${event.seq}: PursuitReached`
  const { facing, moved } = event.payload
  const pursuer = ctx.unit(event.payload.unit)
  const target = ctx.unit(event.payload.target)
  const rule = ctx.rule('flee-and-pursuit', 'fresh-enemy')
  const ruleText = `${ctx.game.ruleset}/flee-and-pursuit §fresh-enemy`
  if (!hasModelsLeft(pursuer))
    throw new RuleError('rules/unit-destroyed', `${where}: ${pursuer.name} has no models left`)
  if (pursuer.fleeing) throw new RuleError('rules/unit-fleeing', `${where}: ${pursuer.name} is fleeing`)
  if (target.player === pursuer.player)
    throw new RuleError('rules/friendly-target', `${where}: ${target.name} is ${pursuer.name}'s own side`)
  if (!hasModelsLeft(target)) throw new RuleError('rules/bad-target', `${where}: ${target.name} has no models left`)
  const engaged = combatOf(ctx.game, pursuer)
  if (engaged)
    throw new RuleError(
      'rules/already-engaged',
      `${where}: ${pursuer.name} is still in combat "${engaged.id}": only a unit whose combat is over pursues (${ruleText})`,
    )
  const won = combatEndedThisPhase(ctx, pursuer)
  const after = pursuer.afterCombat?.phase === phaseKey(ctx.game) ? pursuer.afterCombat : undefined
  const movedOn = after?.move === 'pursued' || after?.move === 'overran'
  // A unit that overran out of a combat that goes on left it: its overrun is its record (variants
  // §overrun-in-a-larger-combat).
  if (!won && after?.move !== 'overran')
    throw new RuleError(
      'rules/not-pursuing',
      `${where}: ${pursuer.name} fought in no combat that ended this close-combat phase: it has no pursuit or overrun ` +
        `to reach an enemy with (${ruleText})`,
    )
  if (!movedOn)
    throw new RuleError(
      'rules/not-pursuing',
      `${where}: ${pursuer.name} ${after ? AFTER_WORDS[after.move] : 'neither pursued nor overran'} this phase: only ` +
        `a pursuit or overrun move reaches a fresh enemy (${ruleText})`,
    )
  const from = won ? [won.joinedAt, event.seq] : [event.seq]
  if (target.fleeing) {
    ctx.emit({
      kind: 'caught',
      text: `${pursuer.name}'s pursuit reaches the fleeing ${target.name}: it is destroyed`,
      values: { unit: target.id, by: pursuer.id, modelsLost: target.models },
      explanation: explain(
        `${pursuer.name} reaches ${target.name}, who is fleeing: it is destroyed`,
        { value: target.models, rule: ctx.rule('flee-and-pursuit', 'caught'), from },
        [
          explain('a pursuit that reaches a fresh enemy', { rule }, [
            explain('the table says what it reaches', { rule: ctx.rule('variants', 'after-the-rout') }),
          ]),
        ],
      ),
    })
    return
  }
  pursuitMakesCombat(ctx, pursuer, target, facing, moved, event.seq, from)
}

/** What a unit did after its combat, as a refusal says it. */
const AFTER_WORDS: Readonly<Record<AfterCombatMove, string>> = {
  pursued: 'pursued',
  overran: 'overran',
  restrained: 'restrained (passed its restraint test)',
  'followed-up': 'followed up',
  reformed: 'reformed',
}

/**
 * The combat a unit fought in that ended in this close-combat phase (its last round fought in this player turn), or
 * undefined. A unit that overran out of a combat going on is no longer in its sides: its overrun is its own record.
 */
function combatEndedThisPhase(ctx: BattleContext, unit: UnitState): CombatState | undefined {
  const { turn, activePlayer } = ctx.game
  return Object.values(ctx.game.combats).find(
    (combat) =>
      combat.ended &&
      combat.lastFought?.turn === turn &&
      combat.lastFought.player === activePlayer &&
      combat.sides.some((side) => side.units.some((u) => u.unit === unit.id)),
  )
}

/**
 * UnitReformed: a winner that did not pursue, overrun or follow up reforms (flee-and-pursuit §reform): after a passed
 * restraint test, or (where wiping out restrains, classic) after wiping out its foes. Its new frontage is recorded.
 */
export function* unitReformed(context: ProcedureContext, event: EventOf<'UnitReformed'>): Procedure {
  const ctx = context as BattleContext
  const where = `seq ${event.seq}: UnitReformed`
  const unit = ctx.unit(event.payload.unit)
  const { files } = event.payload
  const rule = ctx.rule('flee-and-pursuit', 'reform')
  const ruleText = cite(rule)
  if (!hasModelsLeft(unit)) throw new RuleError('rules/unit-destroyed', `${where}: ${unit.name} has no models left`)
  if (unit.fleeing) throw new RuleError('rules/unit-fleeing', `${where}: ${unit.name} is fleeing`)
  const engaged = combatOf(ctx.game, unit)
  if (engaged)
    throw new RuleError(
      'rules/already-engaged',
      `${where}: ${unit.name} is still in combat "${engaged.id}": only a unit whose combat is over reforms (${ruleText})`,
    )
  if (files > unit.models)
    throw new RuleError(
      'rules/bad-formation',
      `${where}: ${unit.name} cannot reform ${files} wide: it has ${unit.models} model${unit.models === 1 ? '' : 's'}`,
    )
  const after = unit.afterCombat?.phase === phaseKey(ctx.game) ? unit.afterCombat : undefined
  const won = combatEndedThisPhase(ctx, unit)
  const wipedOut = won?.sides
    .filter((side) => side.player !== unit.player)
    .every((side) => side.units.every((u) => !hasModelsLeft(ctx.unit(u.unit))))
  const restrainedBy: Explanation | null =
    after?.move === 'restrained'
      ? explain(`${unit.name} passed its restraint test`, { rule: ctx.rule('flee-and-pursuit', 'restraint') })
      : !after && won && wipedOut && ctx.profile.wipeOutRestrains !== null
        ? explain(`${unit.name} wiped out its foes in combat ${won.id} and did not overrun: it restrained`, {
            rule: ctx.rule('variants', 'reform-after-combat'),
            from: [won.joinedAt],
          })
        : null
  if (!restrainedBy)
    throw new RuleError(
      'rules/not-restrained',
      `${where}: ${unit.name} ${after ? AFTER_WORDS[after.move] : won ? 'did not restrain' : 'won no combat that ended'} ` +
        `this phase: only a winner that restrained${ctx.profile.wipeOutRestrains !== null ? ' or wiped out its foes' : ''} ` +
        `may reform (${ruleText})`,
    )
  ctx.emit({
    kind: 'reformed',
    text: `${unit.name} reforms ${files} wide`,
    values: { unit: unit.id, files },
    explanation: explain(
      `${unit.name} reforms: ${files} model${files === 1 ? '' : 's'} in its front rank`,
      { value: files, rule, from: [event.seq] },
      [restrainedBy],
    ),
  })
}

/** The pursuer charges what it reached: a new combat, or the one the enemy is in, from that combat's next round. */
export function pursuitMakesCombat(
  ctx: BattleContext,
  pursuer: UnitState,
  target: UnitState,
  facing: Facing,
  moved: number | undefined,
  seq: number,
  from: readonly number[],
): void {
  const rule = ctx.rule('flee-and-pursuit', 'fresh-enemy')
  const open = combatOf(ctx.game, target)
  const round = (open?.round ?? 0) + 1
  const unit = {
    unit: pursuer.id,
    charged: true,
    facing,
    ...(moved === undefined ? {} : { moved }),
    ...(round > 1 ? { firstRound: round } : {}),
  }
  if (open) {
    ctx.emit({
      kind: 'combat-unit-joined',
      text: `${pursuer.name} pursues into ${target.name} and joins combat ${open.id}, as having charged`,
      values: { combat: open.id, player: pursuer.player, unit },
      explanation: explain(`${pursuer.name}'s pursuit reaches ${target.name}: it charges into combat ${open.id}`, {
        rule,
        from,
      }),
    })
    return
  }
  const id = `pursuit-${seq}`
  const order = ctx.game.players.map((player) => player.id)
  const sides = [
    { player: pursuer.player, units: [unit] },
    { player: target.player, units: [{ unit: target.id, charged: false, facing: 'front' as Facing }] },
  ].sort((a, b) => order.indexOf(a.player) - order.indexOf(b.player))
  ctx.emit({
    kind: 'combat-joined',
    text:
      `combat ${id}: ${pursuer.name} (charging${facing === 'front' ? '' : ` into the ${facing}`}) against ` +
      `${target.name}; fought in the next close-combat phase (CombatJoined with combat "${id}")`,
    values: { combat: id, sides },
    explanation: explain(
      `${pursuer.name}'s pursuit reaches ${target.name}: it counts as having charged it`,
      { rule, from },
      [explain('the table says what it reaches', { rule: ctx.rule('variants', 'after-the-rout') })],
    ),
  })
}
