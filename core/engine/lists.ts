import { explain } from '../explain/explanation.js'
import { RuleError } from './errors.js'
import { requireGame, requirePlayer } from './guards.js'
import type { Handler } from './handlers.js'
import type { EngineEvent, EventOf, GameState } from './types.js'

/**
 * A player's army list frozen into the game (issue 20; docs/lists.md): accepted before the first turn only, from the
 * player whose list it is (entitlement.ts). A later import by the same player replaces the earlier one: the army
 * they muster names the list it comes from by the file's sha256 (`ArmyMustered.list`).
 */
export const listImported: Handler<'ListImported'> = (state, event) => {
  const game = requireGame(state, event as EngineEvent)
  const { player, file, army, rows } = event.payload
  requirePlayer(game, player, event as EngineEvent)
  if (game.turn > 0)
    throw new RuleError(
      'engine/game-started',
      `seq ${event.seq}: ListImported after the game has started (turn ${game.turn}); a list is imported before the first turn`,
    )
  game.lists ??= {}
  game.lists[player] = { ...structuredClone(event.payload), seq: event.seq }
  const unmapped = rows.filter((row) => row.status === 'not-mapped').length
  const points = army.points === null ? '' : `, ${army.points} points`
  return explain(
    `${player} imports ${army.name || file.name} (${file.format} ${file.name}, sha256 ${file.sha256.slice(0, 12)}${points}): ` +
      `${rows.length} rows, ${unmapped} not mapped`,
    { from: [event.seq] },
  )
}

/** An ArmyMustered that names a list (`list`, the file's sha256) names the list its player imported last. */
export function checkMusteredList(game: GameState, event: EventOf<'ArmyMustered'>): void {
  const { list, player } = event.payload
  if (list === undefined) return
  const imported = game.lists?.[player]
  if (imported?.file.sha256 !== list)
    throw new RuleError(
      'engine/unknown-list',
      `seq ${event.seq}: ArmyMustered names list ${list.slice(0, 12)}…, which is not the list ${player} imported` +
        (imported
          ? ` (${imported.file.name}, ${imported.file.sha256.slice(0, 12)}… at seq ${imported.seq})`
          : ' (none)'),
      { path: ['list'] },
    )
}
