/**
 * A worker thread's side of the whole-chain check across threads (chain-threads.ts): it opens the database
 * file read-only on a connection of its own and checks the pieces of the plan it takes (`checkPieces`, the
 * loop every thread of a check runs), answering with them and those found broken.
 */
import { parentPort } from 'node:worker_threads'
import Database from 'better-sqlite3'
import { ChainReader } from './chain-reader.js'
import { type BrokenPiece, type ChainPartAnswer, type ChainPartJob, checkPieces } from './chain-threads.js'

function check(job: ChainPartJob): ChainPartAnswer {
  const pieces: number[] = []
  const broken: BrokenPiece[] = []
  let db: Database.Database | undefined
  try {
    db = new Database(job.file, { readonly: true, fileMustExist: true })
    db.pragma('busy_timeout = 5000')
    checkPieces(new ChainReader(db), job, pieces, broken)
    return { id: job.id, pieces, broken }
  } catch (error) {
    // The piece it was checking is not among `pieces`: the calling thread checks it again.
    return { id: job.id, pieces, broken, failed: (error as Error).message }
  } finally {
    db?.close()
  }
}

parentPort?.on('message', (job: ChainPartJob) => parentPort?.postMessage(check(job)))
