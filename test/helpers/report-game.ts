import { gameEvents } from '../../core/events/index.js'
import type { ReportLog } from '../../core/report/types.js'
import type { FoldedEvent } from '../../core/store/event-store.js'
import type { Draft, RulesetGame } from './classic-game.js'

/** A game played through the engine (test helpers) as the store hands it to a fold: seq by seq, validated, by its actor. */
export function foldedEventsOf(game: RulesetGame, gameId = 'g-test'): FoldedEvent[] {
  return game.drafts.map((draft: Draft, index) => {
    const v = gameEvents.currentVersion(draft.type)
    return {
      seq: index + 1,
      gameId,
      type: draft.type,
      v,
      actor: draft.actor ?? game.steps[index]?.state.players[0]?.id ?? 'p1',
      payload: gameEvents.validateNew(draft.type, v, draft.payload),
    }
  })
}

/** The log a report names, for a game that no store has hashed (its head is named by seq alone). */
export function testLog(events: readonly FoldedEvent[], gameId = 'g-test'): ReportLog {
  return { gameId, headSeq: events.length, headHash: '0'.repeat(64), signatures: [], signed: 'not signed' }
}
