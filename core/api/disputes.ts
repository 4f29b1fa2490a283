import { type AuditReport, audit } from '../audit/audit.js'
import { type WhatIfEdit, type WhatIfResult, whatIf, whatIfEditsSchema } from '../audit/what-if.js'
import type { EngineEvent } from '../engine/types.js'
import { ArbiterError } from '../events/errors.js'
import { gameEvents } from '../events/index.js'
import type { EventStore, FoldedEvent } from '../store/event-store.js'
import { undoTarget } from './corrections.js'
import { toEngineEvent } from './fold.js'
import type { GameLoader } from './game-loader.js'
import { validatedPayload } from './muster-input.js'

/**
 * The seq an undo by `actor` voids (docs/corrections.md): their newest event, looked for among the newest events
 * first and further back while those are all corrections or voided.
 */
export function lastUndoable(store: EventStore, loader: GameLoader, gameId: string, actor: string): number {
  const head = store.head(gameId).seq
  const corrections = loader.correctionsOf(gameId)
  let target: number | null = null
  for (let window = 16; target === null; window *= 4) {
    const fromSeq = Math.max(1, head - window + 1)
    target = undoTarget([...store.readEvents(gameId, { fromSeq, forFold: true })], corrections, actor)
  }
  return target
}

/** A what-if fork of a game (docs/what-if.md), the whole chain checked first; nothing is written. */
export function forkOf(
  store: EventStore,
  loader: GameLoader,
  gameId: string,
  edits: readonly WhatIfEdit[],
): WhatIfResult {
  const parsed = whatIfEditsSchema.safeParse(edits)
  if (!parsed.success)
    throw new ArbiterError(
      'api/bad-edit',
      parsed.error.issues.map((i) => `edit ${i.path.join('.')}: ${i.message}`).join('; '),
    )
  loader.assertWholeChain(gameId)
  const { engine } = loader.engineOf(gameId)
  const events = [...store.readEvents(gameId, { forFold: true })]
  const first = Math.min(...parsed.data.map((edit) => (edit.kind === 'add' ? edit.after + 1 : edit.seq)))
  const start = loader.startBefore(gameId, engine, first - 1)
  const created = toEngineEvent(events[0] as FoldedEvent) as EngineEvent & { type: 'GameCreated' }
  return whatIf(
    {
      gameId,
      engine,
      events,
      players: created.payload.players.map((player) => player.id),
      validate: (type, payload) =>
        validatedPayload(() => engine.ruleset, type, gameEvents.currentVersion(type), payload),
      ...(start ? { start } : {}),
    },
    parsed.data,
  )
}

/** Where a game departs from the rules (docs/audit.md), the whole chain checked first. */
export function auditOf(store: EventStore, loader: GameLoader, gameId: string): AuditReport {
  loader.assertWholeChain(gameId)
  const { engine } = loader.engineOf(gameId)
  return audit({ gameId, engine, events: [...store.readEvents(gameId, { forFold: true })] })
}
