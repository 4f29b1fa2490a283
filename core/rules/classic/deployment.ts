import { RuleError } from '../../engine/errors.js'
import { choose } from '../../engine/requests.js'
import type { Answer, EventOf, Procedure, ProcedureContext, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import { isHidden } from '../battle/hidden.js'
import { characterView } from '../battle/models.js'
import { rollOff } from '../battle/roll-off.js'
import { cite, combatOf } from '../battle/unit-checks.js'
import type { ClassicContext } from './catalogue.js'

type Step = Generator<RequestSpec, void, Answer>

const FAR_FROM_ZONE = 18
const FROM_ENEMIES = 12

/** A unit may deploy as a scout when an applied `deployment` record allows it (Scout). */
function isScout(ctx: ClassicContext, unit: UnitState): boolean {
  return ctx
    .modifiers('deployment', { subject: unit, opponent: [], deployment: 'scout' })
    .some((r) => r.status === 'applied' && r.value === 'allowed')
}

/** UnitDeployed: a scout set up after both armies, where the table says it stands. */
export function* unitDeployed(context: ProcedureContext, event: EventOf<'UnitDeployed'>): Procedure {
  const ctx = context as ClassicContext
  const where = `seq ${event.seq}: UnitDeployed`
  const unit = ctx.unit(event.payload.unit)
  const late = cite(ctx.rule('scout', 'late'))
  if (ctx.game.turn !== 0)
    throw new RuleError(
      'rules/wrong-phase',
      `${where}: scouts are set up after both armies, before the first turn (${late})`,
    )
  if (!isScout(ctx, unit))
    throw new RuleError(
      'rules/bad-deployment',
      `${where}: ${unit.name} has no Scout rule to set up after the armies (${late})`,
    )
  const scouts = ctx.game.scouts ?? { first: null, deployed: [] }
  if (scouts.deployed.includes(unit.id))
    throw new RuleError('rules/bad-deployment', `${where}: ${unit.name} has already been set up as a scout`)

  const placement = scoutPlacement(ctx, unit, event, where)

  // The order: a roll-off when both armies have scouts, then the players alternate.
  const waiting = (player: string) =>
    Object.values(ctx.game.units).filter(
      (u) => u.player === player && u.models > 0 && !scouts.deployed.includes(u.id) && isScout(ctx, u),
    )
  const players = ctx.game.players.map((p) => p.id)
  const bothHaveScouts = players.filter(
    (p) => waiting(p).length > 0 || scouts.deployed.some((id) => ctx.unit(id).player === p),
  )
  let first = scouts.first
  const order: Explanation[] = []
  if (first === null && bothHaveScouts.length > 1) {
    // Both players roll a D6; the highest deploys a scout first; a tie rolls again.
    first = (yield* rollOff(players, (player) => ({
      purpose: 'scout-roll-off',
      text: `${player}: roll a D6 for the scouts' roll-off`,
      explanation: explain('both armies include scouts: roll off', { rule: ctx.rule('scout', 'roll-off') }),
    }))).winner
    order.push(
      explain(`${first} won the scouts' roll-off and deploys a scout first`, {
        rule: ctx.rule('scout', 'roll-off'),
        from: [ctx.seq],
      }),
    )
  }
  if (first !== null) {
    const last = scouts.deployed.at(-1)
    const lastPlayer = last === undefined ? null : ctx.unit(last).player
    const other = players.find((p) => p !== lastPlayer) as string
    const due = lastPlayer === null ? first : waiting(other).length > 0 ? other : lastPlayer
    if (unit.player !== due) {
      if (order.length > 0) {
        // The roll-off was made for this declaration; it stands, the deployment waits for its turn.
        ctx.emit({
          kind: 'scout-order',
          text: `${first} deploys a scout first; ${unit.name} waits`,
          values: { first },
          explanation: explain(
            `${first} deploys a scout first: ${unit.name} is not set up yet`,
            {
              rule: ctx.rule('scout', 'roll-off'),
              from: [event.seq, ctx.seq],
            },
            order,
          ),
        })
        return
      }
      throw new RuleError(
        'rules/bad-deployment',
        `${where}: it is ${due}'s turn to set up a scout (${cite(ctx.rule('scout', 'roll-off'))})`,
      )
    }
    if (order.length > 0)
      ctx.emit({
        kind: 'scout-order',
        text: `${first} deploys a scout first`,
        values: { first },
        explanation: explain(`${first} deploys a scout first`, { rule: ctx.rule('scout', 'roll-off') }, order),
      })
  }
  ctx.emit({
    kind: 'scout-deployed',
    text: `${unit.name} is set up as a scout`,
    values: { unit: unit.id, player: unit.player },
    explanation: explain(
      `${unit.name} is set up after both armies`,
      { rule: ctx.rule('scout', 'late'), from: [event.seq, unit.musteredAt] },
      [...placement, ...order],
    ),
  })
}

/**
 * Concealed, at muster: a model marked hidden must hold an entry that lets it start hidden (the
 * deployment point answers `allowed`: Concealed) and hide in a Dark Elf infantry unit (the schema
 * already allows one such model a unit).
 */
export function checkConcealed(context: ProcedureContext, event: EventOf<'ArmyMustered'>): void {
  const ctx = context as ClassicContext
  const hide = `classic/concealed §hide`
  for (const { id } of event.payload.units) {
    const unit = ctx.unit(id)
    for (const character of unit.characters) {
      if (!character.concealed) continue
      const where = `seq ${event.seq}: ArmyMustered: ${character.name} hidden in ${unit.name}`
      const records = ctx.modifiers('deployment', {
        subject: characterView(unit, character),
        opponent: [],
        deployment: 'concealed',
      })
      if (!records.some((r) => r.status === 'applied' && r.value === 'allowed'))
        throw new RuleError('rules/bad-deployment', `${where}: it has no Concealed rule to hide with (${hide})`)
      if (unit.troopType !== 'infantry' || unit.race !== 'dark-elves')
        throw new RuleError(
          'rules/bad-deployment',
          `${where}: it can hide only in Dark Elf infantry, not ${unit.race ?? 'a unit of no race'} ` +
            `${unit.troopType} (${hide})`,
        )
    }
  }
}

/**
 * Concealed, at the start of a turn and of a close-combat phase: a model hidden in a unit that has
 * been destroyed is lost (as a casualty); then its owner may reveal each hidden model (at the start
 * of the owner's turns, and of every close-combat phase).
 */
export function* concealedAtTurnStart(ctx: ClassicContext, event: EventOf<'TurnStarted'>): Step {
  yield* concealedCheck(ctx, event.seq, event.payload.player, 'the start of its turn')
}

export function* concealedAtCombatPhase(ctx: ClassicContext, event: EventOf<'PhaseStarted'>): Step {
  yield* concealedCheck(ctx, event.seq, null, 'the start of a close-combat phase')
}

function* concealedCheck(ctx: ClassicContext, seq: number, owner: string | null, moment: string): Step {
  // Only a model with the Concealed rule hides (checked at muster).
  if (!ctx.holdsAnywhere('concealed')) return
  for (const unit of Object.values(ctx.game.units)) {
    for (const character of unit.characters) {
      if (!isHidden(character)) continue
      if (unit.models === 0) {
        ctx.emit({
          kind: 'character-lost',
          text: `${character.name}, hidden in ${unit.name}, is lost with its unit`,
          values: { unit: unit.id, character: character.id },
          explanation: explain(
            `${unit.name} was destroyed before ${character.name} was revealed: it is lost and counts as a casualty`,
            { rule: ctx.rule('concealed', 'lost'), from: [unit.changedAt] },
          ),
        })
        continue
      }
      if (owner !== null && unit.player !== owner) continue
      const inCombat = combatOf(ctx.game, unit) !== undefined
      const placement = inCombat
        ? 'in base contact with the enemy'
        : "in the unit's front rank (a model of the unit moves to the back to make room)"
      const option = yield* choose({
        purpose: 'reveal-concealed',
        chooser: unit.player,
        options: [
          { id: 'reveal', text: `reveal ${character.name}: place it ${placement}` },
          { id: 'stay-hidden', text: `${character.name} stays hidden` },
        ],
        text: `${moment}: reveal ${character.name}, hidden in ${unit.name}?`,
        explanation: explain(`${character.name} may be revealed at ${moment}`, {
          rule: ctx.rule('concealed', 'reveal'),
          from: [seq],
        }),
      })
      if (option !== 'reveal') continue
      ctx.emit({
        kind: 'character-revealed',
        text: `${character.name} is revealed in ${unit.name}: place it ${placement}`,
        values: { unit: unit.id, character: character.id },
        explanation: explain(
          `${character.name} is revealed at ${moment}`,
          { rule: ctx.rule('concealed', 'reveal'), from: [seq, ctx.seq] },
          [explain(`place it ${placement}`, { rule: ctx.rule('concealed', 'placement') })],
        ),
      })
    }
  }
}

/** Where a scout stands: one of the two ways, and more than 12" from enemies outside its own zone. */
function scoutPlacement(
  ctx: ClassicContext,
  unit: UnitState,
  event: EventOf<'UnitDeployed'>,
  where: string,
): Explanation[] {
  const { fromEnemyZone, hidden, inOwnZone, nearestEnemy } = event.payload
  const placement: Explanation[] = []
  if (fromEnemyZone > FAR_FROM_ZONE) {
    placement.push(
      explain(`${fromEnemyZone}" from the enemy's deployment zone, more than 18"`, { rule: ctx.rule('scout', 'far') }),
    )
  } else if (fromEnemyZone > 0 && hidden) {
    placement.push(
      explain("outside the enemy's deployment zone, out of sight of every enemy unit or in cover", {
        rule: ctx.rule('scout', 'hidden'),
      }),
    )
  } else {
    const why =
      fromEnemyZone === 0
        ? "it stands in the enemy's deployment zone"
        : `${fromEnemyZone}" from the enemy's zone is not more than 18", and it is not hidden from sight nor in cover`
    throw new RuleError(
      'rules/bad-deployment',
      `${where}: ${unit.name} cannot be set up there: ${why} (${cite(ctx.rule('scout', 'far'))}, ${cite(ctx.rule('scout', 'hidden'))})`,
    )
  }
  if (!inOwnZone) {
    if (nearestEnemy <= FROM_ENEMIES)
      throw new RuleError(
        'rules/bad-deployment',
        `${where}: ${unit.name} stands outside its own deployment zone ${nearestEnemy}" from an enemy; it must be more ` +
          `than 12" away (${cite(ctx.rule('scout', 'away-from-enemy'))})`,
      )
    placement.push(
      explain(`outside its own zone, ${nearestEnemy}" from the nearest enemy: more than 12"`, {
        rule: ctx.rule('scout', 'away-from-enemy'),
      }),
    )
  }

  return placement
}
