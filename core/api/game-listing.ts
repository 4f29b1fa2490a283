import type { EventEnvelope } from '../events/envelope.js'
import { gameEvents } from '../events/index.js'
import { rulesets } from '../rules/index.js'
import { ChainBrokenError, type EventStore, type GameSummary, type UnindexedGame } from '../store/event-store.js'
import type { ChainCheck, GameListing } from './game-api-contract.js'
import type { CreatedPayload } from './game-loader.js'
import { snapshotKey } from './game-views.js'
import { rulesIdentity } from './rules-identity.js'

/**
 * A games-table row, checked against the game's chain and its hashed GameCreated (the index may be
 * edited). `checkChain` is the loader's chain check, from a seq to the head.
 */
export function checkedListing(
  store: EventStore,
  row: GameSummary | UnindexedGame,
  checkChain: (gameId: string, fromSeq: number) => ChainCheck,
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
  // The head check of an open: GameCreated hashed, then the events after the newest anchored
  // snapshot (the whole chain when there is none). `verify` is the check of every row.
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
  // Snapshots are filed under the identity of the rules that folded them: this Arbiter's.
  const known = created && Object.hasOwn(rulesets, created.ruleset) ? rulesets[created.ruleset] : undefined
  const snapshot = known ? store.checkedSnapshot(row.gameId, row.headSeq, snapshotKey(rulesIdentity(known))) : null
  const chain = checkChain(row.gameId, snapshot?.trusted ? snapshot.seq + 1 : 2)
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
