import { hostNameProblem } from '../events/envelope.js'
import { ArbiterError } from '../events/errors.js'
import type { EventStore } from '../store/event-store.js'
import type { ChainCheck, SetAsideSnapshot } from './game-api-contract.js'
import type { GameLoader } from './game-loader.js'
import type { SignatureSummary } from './signatures.js'
import { checkLog } from './verify-log.js'

/**
 * `verifyGame` past the chain (which the caller has checked): the game replayed under its rules with its
 * keys and signatures (`checkLog`), and every stored snapshot compared with the state that replay gives at
 * its seq, by the replay's own comparison (`GameLoader.snapshotComparer`). Each snapshot that is not that
 * state is named by its seq (`snapshots`), and set aside and filed again where the store may be written.
 */
export async function checkStoredLog(
  store: EventStore,
  loader: GameLoader,
  gameId: string,
  underCurrentRules: boolean,
): Promise<{ readonly ok: true; readonly signatures: SignatureSummary } | Extract<ChainCheck, { ok: false }>> {
  const snapshots: SetAsideSnapshot[] = []
  let comparer: ReturnType<GameLoader['snapshotComparer']> | undefined
  const log = await checkLog(store.readEvents(gameId), underCurrentRules, (seq, engine, state, corrections) => {
    comparer ??= loader.snapshotComparer(gameId, engine, state, snapshots, corrections)
    comparer.check(seq)
  })
  // After the read: SQLite writes nothing while a read is open.
  comparer?.refile()
  if (!log.ok) return log
  const [first] = snapshots
  if (first !== undefined) return { ok: false, seq: first.seq, problem: first.problem, snapshots }
  return { ok: true, signatures: log.signatures }
}

/** A host's name as the envelope takes it (`hostNameSchema`), or `api/bad-arguments` naming what is wrong. */
export function checkedHostName(host: string): string {
  const problem = hostNameProblem(host)
  if (problem !== null) throw new ArbiterError('api/bad-arguments', problem)
  return host
}
