import type { Facing } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import { choose, rollDice } from '../../engine/requests.js'
import type { Answer, EventOf, Procedure, ProcedureContext, RequestSpec, UnitState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { sum } from './counting.js'
import { fleeDice } from './flee-dice.js'
import { hasModelsLeft } from './models.js'
import { mustPursue } from './pursuit.js'
import type { Round } from './round-tally.js'
import { combatOf } from './unit-checks.js'

type Step<T = void> = Generator<RequestSpec, T, Answer>

/**
 * An overrun (flee-and-pursuit §overrun): a unit that wiped out its enemy in the round it charged may move on with its
 * pursuit dice; Hatred makes it (classic/hatred §pursue: "has to overrun"). Whether the move reaches a fresh enemy
 * is the table's to say (PursuitReached).
 */
export function* overrun(r: Round): Step {
  const { ctx } = r
  const winnerIndex = r.live(0).length > 0 ? 0 : 1
  const destroyed = (r.combat.sides[1 - winnerIndex]?.units ?? []).map((u) => ctx.unit(u.unit))
  const rule = ctx.rule('flee-and-pursuit', 'overrun')
  for (const unit of r.live(winnerIndex)) {
    if (!r.moment(unit.id).charging) continue
    const names = destroyed.map((u) => u.name).join(' and ')
    const must = mustPursue(ctx, unit, destroyed)
    if (!must) {
      const option = yield* choose({
        purpose: 'overrun',
        chooser: unit.player,
        options: [
          { id: 'overrun', text: `overrun: move on with the pursuit dice` },
          { id: 'stay', text: 'stay where it is' },
        ],
        text: `${unit.name} wiped out ${names} in its charge: overrun, or stay?`,
        explanation: explain(`${unit.name} destroyed ${names} in the round it charged: it may overrun`, {
          rule,
          from: [r.seq],
        }),
      })
      if (option !== 'overrun') continue
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
    ctx.emit({
      kind: 'overran',
      text: `${unit.name} overruns ${roll}"; if it reaches a fresh enemy, declare PursuitReached`,
      values: { unit: unit.id, roll },
      explanation: explain(
        `${unit.name} overruns ${roll}": dice ${answer.faces.join(' + ')}`,
        { value: roll, rule, from: [answer.seq] },
        [dice.why],
      ),
    })
  }
}

/**
 * PursuitReached: a winner's pursuit or overrun move reached an enemy it was not fighting (flee-and-pursuit
 * §fresh-enemy). A fleeing enemy is caught and destroyed; any other is charged: the pursuer makes a combat with it, or
 * joins the one it is in, as having charged, fought in the next close-combat phase.
 */
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
  const { turn, activePlayer } = ctx.game
  const won = Object.values(ctx.game.combats).find(
    (combat) =>
      combat.ended &&
      combat.lastFought?.turn === turn &&
      combat.lastFought.player === activePlayer &&
      combat.sides.some((side) => side.units.some((u) => u.unit === pursuer.id)),
  )
  if (!won)
    throw new RuleError(
      'rules/not-pursuing',
      `${where}: ${pursuer.name} fought in no combat that ended this close-combat phase: it has no pursuit or overrun ` +
        `to reach an enemy with (${ruleText})`,
    )
  const from = [won.joinedAt, event.seq]
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
