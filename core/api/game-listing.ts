import type { EventEnvelope } from '../events/envelope.js'
import { gameEvents } from '../events/index.js'
import { ChainBrokenError, type EventStore, type GameSummary, type UnindexedGame } from '../store/event-store.js'
import type { ChainCheck, GameListing } from './game-api-contract.js'
import type { CreatedPayload } from './game-loader.js'

/**
 * A games-table row, checked against the game's chain and its hashed GameCreated (the index may be
 * edited). `wholeChain` is the loader's check of the whole chain (which an open makes too).
 */
export function checkedListing(
  store: EventStore,
  row: GameSummary | UnindexedGame,
  wholeChain: (gameId: string) => ChainCheck,
): GameListing {
  const broken = (seq: number, problem: string): GameListing => ({
    intact: false,
    gameId: row.gameId,
    seq,
    problem,
    ...('archived' in row && row.archived ? { archived: true } : {}),
  })
  if ('unindexed' in row)
    return broken(1, `its ${row.headSeq} events are stored but the games table has no row for it: the row was removed`)
  // GameCreated read verified (what the row is compared with), then the whole chain, as an open checks it.
  let first: EventEnvelope | undefined
  try {
    ;[first] = [...store.readEvents(row.gameId, { toSeq: 1, verify: true })]
  } catch (error) {
    if (error instanceof ChainBrokenError) return broken(error.seq, error.problem)
    throw error
  }
  let created: CreatedPayload | undefined
  let problem: string | undefined
  if (first?.type !== 'GameCreated') problem = 'the game does not start with GameCreated'
  else {
    try {
      created = gameEvents.readPayload(first.type, first.v, first.payload) as CreatedPayload
    } catch (error) {
      problem = (error as Error).message
    }
  }
  const chain = wholeChain(row.gameId)
  if (!chain.ok) return broken(chain.seq, chain.problem)
  if (first === undefined || created === undefined) return broken(1, problem ?? 'the game has no events')
  const hashed: Record<string, string | null> = {
    ruleset: created.ruleset,
    variant: created.variant,
    catalogueHash: created.catalogueHash,
    title: created.title ?? null,
    createdAt: first.at,
  }
  for (const [field, value] of Object.entries(hashed)) {
    const listed = (row as unknown as Record<string, string | undefined>)[field] ?? null
    if (listed !== value)
      return broken(
        1,
        `the games table says ${field} ${JSON.stringify(listed)}, ` +
          `the hashed GameCreated ${JSON.stringify(value)}: the table was edited`,
      )
  }
  return { ...row, intact: true, players: created.players.map(({ id, name }) => ({ id, name })) }
}
