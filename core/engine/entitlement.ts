import { RuleError } from './errors.js'
import type { EngineEvent, GameState } from './types.js'

/**
 * Who may record an event (issue 17): a player of the game, and for some events one player only: the
 * army's owner musters it, the player a request names answers it, a player records their own key and
 * signs for themselves. Checked in the engine's step, so an append, an import and every replay refuse
 * the same events. Returns quietly when the step's own checks will name what is wrong (no game, no
 * such request).
 */
export function checkEntitlement(game: GameState | null, event: EngineEvent): void {
  if (event.type === 'GameCreated') {
    const players = event.payload.players.map((player) => player.id)
    if (!players.includes(event.actor))
      throw new RuleError(
        'engine/not-a-player',
        `seq ${event.seq}: GameCreated is recorded by "${event.actor}", who is not one of its players (${players.join(', ')})`,
      )
    return
  }
  if (!game) return
  const isPlayer = (id: string) => game.players.some((player) => player.id === id)
  const owner = ownerOf(game, event)
  // An owner who is no player is the step's to name (an army for an unknown player).
  if (owner !== null && !isPlayer(owner.player)) return
  if (!isPlayer(event.actor))
    throw new RuleError(
      'engine/not-a-player',
      `seq ${event.seq}: ${event.type} is recorded by "${event.actor}", who is not a player of this game ` +
        `(${game.players.map((player) => player.id).join(', ')})`,
    )
  if (owner !== null && owner.player !== event.actor)
    throw new RuleError(
      'engine/not-entitled',
      `seq ${event.seq}: ${owner.what} is ${owner.player}'s to record, not ${event.actor}'s`,
    )
}

/** The one player an event belongs to, with what it is in words; null when any player may record it. */
function ownerOf(game: GameState, event: EngineEvent): { player: string; what: string } | null {
  switch (event.type) {
    case 'ArmyMustered':
    case 'ListImported':
      return { player: event.payload.player, what: `${event.type} of ${event.payload.player}'s army` }
    case 'PlayerKeyRecorded':
      return { player: event.payload.player, what: `${event.payload.player}'s key` }
    case 'HeadSigned':
      return { player: event.payload.player, what: `${event.payload.player}'s signature` }
    case 'DiceRolled':
    case 'ChoiceMade': {
      const id = event.payload.requestId
      const request = Object.hasOwn(game.requests, id) ? game.requests[id] : undefined
      if (!request) return null
      const player = request.kind === 'dice' ? request.roller : request.chooser
      return { player, what: `the answer to request ${id} (${request.kind === 'dice' ? 'a roll' : 'a choice'})` }
    }
    default:
      return null
  }
}
