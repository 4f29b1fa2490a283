import { RuleError } from '../../engine/errors.js'
import type { CharacterState, EventOf, Procedure, ProcedureContext, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { isHidden } from './hidden.js'
import { characterView } from './models.js'
import { moveThisTurn } from './moves.js'
import { forbidding } from './psychology-records.js'
import { chargeMarkers, cite, combatOf } from './unit-checks.js'

/**
 * Characters joining and leaving units during the game (`joining`): each declaration is checked before anything is
 * recorded, and a refusal names the clause that refuses it. A character keeps its one id: alone it is the unit of one
 * under that id, joined it is one of its unit's characters (engine/joining.ts).
 */

/** In the movement phase of the character's own side: both declarations are part of its move. */
function checkMovementPhase(ctx: BattleContext, player: string, name: string, where: string): void {
  const when = cite(ctx.rule('joining', 'when'))
  if (ctx.game.phase !== 'movement')
    throw new RuleError(
      'rules/wrong-phase',
      `${where}: characters join and leave units in the movement phase, not ${ctx.game.phase ?? 'before any phase'} ` +
        `(${when})`,
    )
  if (player !== ctx.game.activePlayer)
    throw new RuleError(
      'rules/wrong-side',
      `${where}: ${name} belongs to ${player}; it is ${ctx.game.activePlayer}'s movement phase (${when})`,
    )
}

/** A unit neither fleeing nor in combat: else it can be neither joined nor left. */
function checkNotEngaged(ctx: BattleContext, unit: UnitState, what: string, where: string): void {
  const rule = cite(ctx.rule('joining', 'not-engaged'))
  if (unit.fleeing) throw new RuleError('rules/unit-fleeing', `${where}: ${unit.name} is fleeing: ${what} (${rule})`)
  const combat = combatOf(ctx.game, unit)
  if (combat)
    throw new RuleError(
      'rules/already-engaged',
      `${where}: ${unit.name} is in combat "${combat.id}": ${what} (${rule})`,
    )
}

/** CharacterJoined: a lone character moves into a friendly unit of troops and joins it. */
export function* characterJoined(context: ProcedureContext, event: EventOf<'CharacterJoined'>): Procedure {
  const ctx = context as BattleContext
  const where = `seq ${event.seq}: CharacterJoined`
  const lone = ctx.unit(event.payload.character)
  const unit = ctx.unit(event.payload.unit)
  checkMovementPhase(ctx, lone.player, lone.name, where)
  const who = cite(ctx.rule('joining', 'who-joins'))
  if (!lone.character)
    throw new RuleError(
      'rules/bad-model',
      `${where}: ${lone.name} is no character on its own: only a character joins a unit (${who})`,
    )
  if (lone.models === 0) throw new RuleError('rules/unit-destroyed', `${where}: ${lone.name} has been slain`)
  checkNotEngaged(ctx, lone, 'it cannot join a unit', where)
  if (chargeMarkers(ctx.game, lone.id).some((marker) => marker.params.role === 'charging'))
    throw new RuleError(
      'rules/cannot-join',
      `${where}: ${lone.name} declared a charge this turn: that is its move (${who})`,
    )
  const into = cite(ctx.rule('joining', 'into-troops'))
  if (unit.id === lone.id)
    throw new RuleError('rules/cannot-join', `${where}: ${lone.name} cannot join itself (${into})`)
  if (unit.player !== lone.player)
    throw new RuleError(
      'rules/wrong-side',
      `${where}: ${unit.name} is ${unit.player}'s: a character joins a unit of its own side (${into})`,
    )
  if (unit.character)
    throw new RuleError(
      'rules/cannot-join',
      `${where}: ${unit.name} is a character on its own: a character joins a unit of troops (${into})`,
    )
  if (unit.models === 0) throw new RuleError('rules/unit-destroyed', `${where}: ${unit.name} has no models left`)
  checkNotEngaged(ctx, unit, 'no character can join it', where)
  // Troop types, the seed's Skirmish, Lumbering and Tree Spirit: each asked at the permission point.
  const bar = forbidding(ctx.modifiers, lone, 'join', unit)
  if (bar)
    throw new RuleError(
      'rules/cannot-join',
      `${where}: ${lone.name} cannot join ${unit.name}: ${bar.label} (${cite(bar.source)})`,
    )

  const reasons: Explanation[] = [
    explain(`${lone.name} is on its own, not fleeing, not in combat and did not charge`, {
      rule: ctx.rule('joining', 'who-joins'),
      from: [lone.changedAt],
    }),
    explain(`${unit.name} is a friendly unit of troops, neither fleeing nor in combat`, {
      rule: ctx.rule('joining', 'not-engaged'),
      from: [unit.changedAt],
    }),
    explain(`while joined ${lone.name} is one of ${unit.name}'s models, and the unit tests on the best Leadership`, {
      rule: ctx.rule('joining', 'shared'),
    }),
  ]
  ctx.emit({
    kind: 'character-joined',
    text: `${lone.name} joins ${unit.name}`,
    values: { character: lone.id, unit: unit.id },
    explanation: explain(
      `${lone.name} joins ${unit.name} in ${lone.player}'s movement phase`,
      { rule: ctx.rule('joining', 'when'), from: [event.seq] },
      reasons,
    ),
  })
  if (!moveThisTurn(ctx.game, unit.id))
    ctx.emit({
      kind: 'effect-started',
      text: `${unit.name} moves no further this turn: ${lone.name} joined it`,
      values: {
        effect: {
          id: `move-${ctx.seq}-${unit.id}`,
          entry: 'movement',
          unit: unit.id,
          params: { move: 'joined', distance: 0 },
          duration: { kind: 'end-of-turn' },
          startedAt: ctx.seq,
        },
      },
      explanation: explain(`${unit.name} was joined by ${lone.name}: it moves no further this turn`, {
        rule: ctx.rule('joining', 'unit-stops'),
        from: [event.seq],
      }),
    })
}

/** CharacterLeft: a joined character moves out of its unit and is a unit of one again, under its own id. */
export function* characterLeft(context: ProcedureContext, event: EventOf<'CharacterLeft'>): Procedure {
  const ctx = context as BattleContext
  const where = `seq ${event.seq}: CharacterLeft`
  const unit = ctx.unit(event.payload.unit)
  const character = unit.characters.find((c) => c.id === event.payload.character)
  if (!character)
    throw new RuleError('rules/bad-model', `${where}: ${unit.name} has no character "${event.payload.character}"`)
  checkMovementPhase(ctx, unit.player, character.name, where)
  const leave = cite(ctx.rule('joining', 'leave'))
  if (character.slain) throw new RuleError('rules/unit-destroyed', `${where}: ${character.name} has been slain`)
  if (isHidden(character))
    throw new RuleError(
      'rules/bad-model',
      `${where}: ${character.name} is hidden in ${unit.name}: until revealed it is not on the table (${leave})`,
    )
  checkNotEngaged(ctx, unit, `${character.name} cannot leave it`, where)
  const joinedIn = character.joinedIn
  if (joinedIn && joinedIn.turn === ctx.game.turn && joinedIn.player === ctx.game.activePlayer)
    throw new RuleError(
      'rules/cannot-join',
      `${where}: ${character.name} joined ${unit.name} this turn and may not leave it until a later turn ` +
        `(${cite(ctx.rule('joining', 'not-same-turn'))})`,
    )
  const moved = moveThisTurn(ctx.game, unit.id)
  if (moved)
    throw new RuleError(
      'rules/cannot-move',
      `${where}: ${unit.name} has made its move this turn (${moved.move}): a character leaves before its unit moves ` +
        `(${leave})`,
    )
  const barred =
    forbidding(ctx.modifiers, unit, 'move') ?? forbidding(ctx.modifiers, characterView(unit, character), 'move')
  if (barred)
    throw new RuleError(
      'rules/cannot-move',
      `${where}: ${character.name} cannot leave ${unit.name}: ${barred.label} (${cite(barred.source)}; ${leave})`,
    )
  ctx.emit({
    kind: 'character-left',
    text: `${character.name} leaves ${unit.name}: a unit of one again`,
    values: { unit: unit.id, character: character.id },
    explanation: explain(
      `${character.name} leaves ${unit.name} in ${unit.player}'s movement phase, before the unit moves`,
      { rule: ctx.rule('joining', 'leave'), from: [event.seq] },
      [
        explain(`${character.name} is a unit of one again: it tests on its own Ld ${character.profile.Ld}`, {
          rule: ctx.rule('joining', 'shared'),
        }),
      ],
    ),
  })
}

/**
 * A character mustered in its unit as it would be on its own, where its muster gives it a troop type of its own;
 * else as joined (its view borrows its unit's troop type, which bars nothing by itself).
 */
function onItsOwn(unit: UnitState, character: CharacterState): UnitState {
  const { joinedTo: _joined, ...view } = characterView(unit, character)
  return character.alone ? { ...view, troopType: character.alone.troopType } : characterView(unit, character)
}

/**
 * At muster (each ruleset's `checkMuster`): a character mustered in a unit must be one that could join it during the
 * game. The `permission` point is asked for `join` as CharacterJoined asks it, the character on its own as subject
 * and the unit as opponent (Skirmish, troop types, Lumbering, Tree Spirit); a bar refuses the whole army.
 */
export function checkMusterJoins(ctx: ProcedureContext, event: EventOf<'ArmyMustered'>): void {
  for (const { id } of event.payload.units) {
    const unit = ctx.unit(id)
    for (const character of unit.characters) {
      const bar = forbidding(ctx.modifiers, onItsOwn(unit, character), 'join', unit)
      if (bar)
        throw new RuleError(
          'rules/not-permitted',
          `seq ${event.seq}: ArmyMustered: ${character.name} cannot join ${unit.name}: ${bar.label} (${cite(bar.source)})`,
        )
    }
  }
}
