/**
 * Peak-memory child: `node --expose-gc --import tsx replay-child.ts DB GAME_ID MODE`, MODE one of
 * `api` (GameApi.replay without verification), `api-verify` (with it) or `bare` (a raw
 * better-sqlite3 read + JSON.parse of the same rows). Runs it once in a fresh process, sampling
 * heap and rss every SAMPLE_EVERY rows, and prints one JSON line: the baseline after opening
 * (post-gc), the peaks during the run and the process's max rss (getrusage).
 */
import Database from 'better-sqlite3'
import { LocalGameApi, replaySteps } from '../../core/api/index.js'

const SAMPLE_EVERY = 500

async function main(): Promise<void> {
  const [file, gameId, mode] = process.argv.slice(2)
  if (!file || !gameId || (mode !== 'api' && mode !== 'api-verify' && mode !== 'bare'))
    throw new Error('usage: replay-child.ts DB GAME_ID api|api-verify|bare')
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('run with --expose-gc')
  const api = mode === 'bare' ? null : await LocalGameApi.open(file, { mustExist: true })
  const raw = mode === 'bare' ? new Database(file, { fileMustExist: true }) : null
  gc()
  const base = process.memoryUsage()
  let peakHeap = base.heapUsed
  let peakRss = base.rss
  let peakExternal = base.external + base.arrayBuffers
  let steps = 0
  let sink = 0
  const sample = () => {
    const m = process.memoryUsage()
    if (m.heapUsed > peakHeap) peakHeap = m.heapUsed
    if (m.rss > peakRss) peakRss = m.rss
    if (m.external + m.arrayBuffers > peakExternal) peakExternal = m.external + m.arrayBuffers
  }
  const started = process.hrtime.bigint()
  if (api) {
    // Replays always verify the chain now: `api` and `api-verify` measure the same thing.
    for await (const step of replaySteps(api, gameId)) {
      sink += step.outcomes.length + (step.explanation ? step.explanation.text.length : 0)
      if (++steps % SAMPLE_EVERY === 0) sample()
    }
  } else if (raw) {
    const rows = raw.prepare<[string], { seq: number; payload: string }>(
      'SELECT seq, type, v, at, actor, rules_version, payload, prev_hash, hash FROM events WHERE game_id = ? ORDER BY seq',
    )
    for (const row of rows.iterate(gameId)) {
      const payload = JSON.parse(row.payload) as Record<string, unknown>
      sink += row.seq + Object.keys(payload).length
      if (++steps % SAMPLE_EVERY === 0) sample()
    }
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  sample()
  gc()
  const heapAfterGc = process.memoryUsage().heapUsed
  await api?.close()
  raw?.close()
  const maxRss = process.resourceUsage().maxRSS * 1024
  process.stdout.write(
    `${JSON.stringify({
      steps,
      sink,
      ms,
      baseHeap: base.heapUsed,
      baseRss: base.rss,
      peakHeap,
      peakRss,
      peakExternal,
      maxRss,
      heapAfterGc,
    })}\n`,
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
