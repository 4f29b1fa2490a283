/**
 * The whole-chain check across threads. Every open checks a game's whole chain (docs/architecture.md
 * §Storage); one thread hashes about 750k rows a second, so a 100k-event game would cost 130 ms before
 * anything is shown. A row's check needs only its own stored values (its text must hash to its hash)
 * and the hash stored in the row before it (its prev_hash must equal it), so the rows split into parts
 * that threads check at once: worker threads each check a part on a read-only connection of their own
 * (chain-worker.ts), the calling thread checks the last part, and the chain holds when every part does.
 * Parts meet soundly: the first row of a part links to the stored hash of the row before it, which the
 * part before checks is that row's own. When parts are broken, the one nearest seq 1 is named, as a
 * check on one thread would name it.
 *
 * The workers are started on first use, kept for the process (not holding it open) and used only for a
 * database in a file. A worker that cannot run (a host that cannot start one from where Arbiter is
 * installed) leaves the check to the calling thread: slower, never weaker.
 */
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { ChainBrokenError, type ChainReader } from './chain-reader.js'

/**
 * A check shared by threads: the rows `fromSeq` to `toSeq` of a game in the database `file`, in pieces of
 * `pieceRows` that each thread takes the next of from the shared counter `next` until none is left (a
 * worker still starting, or slowed by another process, simply takes fewer).
 */
export interface ChainCheckPlan {
  readonly file: string
  readonly gameId: string
  readonly fromSeq: number
  readonly toSeq: number
  readonly pieceRows: number
  /** An Int32 counter: the next piece to take. */
  readonly next: SharedArrayBuffer
}

/** What a worker is asked: its part of a plan. */
export interface ChainPartJob extends ChainCheckPlan {
  readonly id: number
}

/** A piece found broken: the first bad row, as ChainBrokenError names it. */
export interface BrokenPiece {
  readonly piece: number
  readonly seq: number
  readonly problem: string
}

/**
 * A worker's answer: the pieces it checked, those of them broken, and, when it could not go on, why (the
 * pieces it took and did not answer for are checked again by the calling thread).
 */
export interface ChainPartAnswer {
  readonly id: number
  readonly pieces: readonly number[]
  readonly broken: readonly BrokenPiece[]
  readonly failed?: string
}

/**
 * Takes pieces of `plan` from its counter and checks them with `reader` until none is left: the loop every
 * thread of a check runs. Adds the pieces it checked to `checked`, and those found broken to `broken`.
 */
export function checkPieces(reader: ChainReader, plan: ChainCheckPlan, checked: number[], broken: BrokenPiece[]): void {
  const next = new Int32Array(plan.next)
  const pieces = Math.ceil((plan.toSeq - plan.fromSeq + 1) / plan.pieceRows)
  for (let piece = Atomics.add(next, 0, 1); piece < pieces; piece = Atomics.add(next, 0, 1)) {
    checkPiece(reader, plan, piece, broken)
    checked.push(piece)
  }
}

function checkPiece(reader: ChainReader, plan: ChainCheckPlan, piece: number, broken: BrokenPiece[]): void {
  const from = plan.fromSeq + piece * plan.pieceRows
  try {
    reader.checkChain(plan.gameId, from, Math.min(plan.toSeq, from + plan.pieceRows - 1))
  } catch (error) {
    if (!(error instanceof ChainBrokenError)) throw error
    broken.push({ piece, seq: error.seq, problem: error.problem })
  }
}

export interface ChainThreadOptions {
  /** The worker's script; null: no workers. By default chain-worker.js (or the desktop bundle's .cjs) beside this module. */
  readonly script?: URL | null
  /** Worker threads besides the calling one; by default one fewer than the machine's cores, at most 3. */
  readonly threads?: number
  /** Fewer rows than this are checked on the calling thread alone: a worker's round trip would cost more. */
  readonly minRows?: number
  /** How long a worker may take to answer before the calling thread checks its pieces itself. */
  readonly answerWithinMs?: number
}

/** Below this many rows a chain is checked on the calling thread alone (a worker's round trip costs ~1 ms). */
export const PARALLEL_CHAIN_MIN_ROWS = 20_000
/** How long a worker may take to answer, by default, before the calling thread checks its pieces itself. */
const ANSWER_WITHIN_MS = 60_000
/** The pieces a check is cut into: small enough that threads finish together, large enough to cost no more. */
const PIECES = 32

function defaultScript(): URL | null {
  if (!import.meta.url.startsWith('file:')) return null
  for (const name of ['./chain-worker.js', './chain-worker.cjs']) {
    const url = new URL(name, import.meta.url)
    if (existsSync(fileURLToPath(url))) return url
  }
  return null
}

interface Running {
  readonly worker: Worker
  /** Has answered a job: a worker that fails before it has (it cannot start, or load what it needs) means
   * workers cannot run here at all, and none is started again. */
  answered: boolean
}

class ChainThreads {
  private readonly running: Running[] = []
  /** Jobs sent and not yet answered, by id: the worker, the answer awaited, the time it has. */
  private readonly pending = new Map<
    number,
    { readonly worker: Worker; readonly answer: (a: ChainPartAnswer) => void; readonly timer: NodeJS.Timeout }
  >()
  private nextId = 1
  private unavailable = false

  constructor(
    private readonly script: URL | null,
    private readonly threads: number,
    private readonly minRows: number,
    private readonly answerWithinMs: number,
  ) {}

  /**
   * Checks rows `fromSeq` to `toSeq` of a game (`ChainReader.checkChain` semantics: throws ChainBrokenError at
   * the first bad row), across threads when the database is in `file` and the rows are many. Returns the count.
   * `meanwhile` (work that waits for the check's verdict, and must not throw) runs on this thread once the
   * workers have their parts, before it takes pieces itself; on one thread, after the check.
   */
  async check(
    reader: ChainReader,
    file: string | null,
    gameId: string,
    fromSeq: number,
    toSeq: number,
    meanwhile: () => void = () => {},
  ): Promise<number> {
    const rows = toSeq - fromSeq + 1
    const workers = file !== null && rows >= this.minRows ? this.workers() : []
    if (workers.length === 0) {
      const count = reader.checkChain(gameId, fromSeq, toSeq)
      meanwhile()
      return count
    }
    const pieceRows = Math.max(1, Math.ceil(rows / PIECES))
    const plan = { file: file as string, gameId, fromSeq, toSeq, pieceRows, next: new SharedArrayBuffer(4) }
    const answers = workers.map((worker) => this.post(worker, { id: this.nextId++, ...plan }))
    const checked: number[] = []
    const broken: BrokenPiece[] = []
    try {
      meanwhile()
      checkPieces(reader, plan, checked, broken)
    } finally {
      // Every worker's answer is awaited, even when this thread's part threw: none is left running on a closed store.
      for (const said of await Promise.all(answers)) {
        checked.push(...said.pieces)
        broken.push(...said.broken)
      }
    }
    // Pieces a worker took and could not answer for (it stopped, or could not open the file) are checked here.
    const done = new Set(checked)
    for (let piece = 0; piece * pieceRows < rows; piece++) if (!done.has(piece)) checkPiece(reader, plan, piece, broken)
    // Of two pieces naming one seq (a row missing where they meet), the earlier's words are those of a check on one thread.
    const first = broken.sort((a, b) => a.seq - b.seq || a.piece - b.piece)[0]
    if (first) throw new ChainBrokenError(gameId, first.seq, first.problem)
    return rows
  }

  private post(worker: Worker, job: ChainPartJob): Promise<ChainPartAnswer> {
    return new Promise((answer) => {
      // A worker that never answers (stuck, however unlikely) must not hang an open: its pieces are checked here,
      // and it is stopped (one that never answered any job is not started again).
      const timer = setTimeout(() => {
        this.answer(worker, { id: job.id, pieces: [], broken: [], failed: 'no answer in time' })
        void worker.terminate()
      }, this.answerWithinMs)
      timer.unref()
      this.pending.set(job.id, { worker, answer, timer })
      // Held open while it works (a process awaiting its answer must not exit), let go when idle.
      worker.ref()
      worker.postMessage(job)
    })
  }

  /** Settles a job with what its worker said (or the timeout); a job already settled is left as it is. */
  private answer(worker: Worker, said: ChainPartAnswer): void {
    const waiting = this.pending.get(said.id)
    if (!waiting) return
    clearTimeout(waiting.timer)
    this.pending.delete(said.id)
    if (![...this.pending.values()].some((p) => p.worker === worker)) worker.unref()
    waiting.answer(said)
  }

  /** The workers, started on first use; none where they cannot run. */
  private workers(): Worker[] {
    if (this.unavailable || this.script === null || this.threads < 1) return []
    try {
      while (this.running.length < this.threads) this.start(this.script)
    } catch {
      // The worker could not even be made here: the calling thread checks alone from now on.
      this.unavailable = true
    }
    return this.running.map((r) => r.worker)
  }

  private start(script: URL): void {
    const running: Running = { worker: new Worker(script), answered: false }
    const { worker } = running
    worker.on('message', (said: ChainPartAnswer) => {
      running.answered = true
      this.answer(worker, said)
    })
    const gone = (why: string): void => {
      if (!running.answered) this.unavailable = true
      const at = this.running.indexOf(running)
      if (at >= 0) this.running.splice(at, 1)
      for (const [id, waiting] of [...this.pending])
        if (waiting.worker === worker) this.answer(worker, { id, pieces: [], broken: [], failed: why })
    }
    worker.on('error', (error) => gone(error.message))
    worker.on('exit', (code) => gone(`the worker stopped (exit code ${code})`))
    // Idle: a process with nothing else to do exits (after the listeners, which hold it open again).
    worker.unref()
    this.running.push(running)
  }

  /** Stops the workers (a test that configures them anew). */
  async stop(): Promise<void> {
    await Promise.all(this.running.splice(0).map((r) => r.worker.terminate()))
  }
}

let threads: ChainThreads | undefined

/** The process's chain-check threads (chain-threads.ts), made with the defaults on first use. */
export function chainThreads(): ChainThreads {
  threads ??= new ChainThreads(
    defaultScript(),
    Math.min(3, availableParallelism() - 1),
    PARALLEL_CHAIN_MIN_ROWS,
    ANSWER_WITHIN_MS,
  )
  return threads
}

/** Sets how the process checks chains across threads (tests: the built worker, small games); stops the old workers. */
export async function configureChainThreads(options: ChainThreadOptions): Promise<void> {
  await threads?.stop()
  threads = new ChainThreads(
    options.script === undefined ? defaultScript() : options.script,
    options.threads ?? Math.min(3, availableParallelism() - 1),
    options.minRows ?? PARALLEL_CHAIN_MIN_ROWS,
    options.answerWithinMs ?? ANSWER_WITHIN_MS,
  )
}
