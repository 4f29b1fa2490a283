/**
 * Export-memory child: `node --expose-gc --import tsx export-child.ts DB GAME_ID OUT MODE`, MODE one
 * of `string` (the whole export text built in memory, then written), `stream`
 * (GameApi.exportGame's pages, each written as it comes, as `arbiter export` does) or `bare` (a raw
 * better-sqlite3 read of the same rows, each written as one line). Runs once in a fresh process and
 * prints one JSON line: the time, the bytes written, the rss after opening and the max rss (getrusage).
 */
import { closeSync, openSync, writeSync } from 'node:fs'
import Database from 'better-sqlite3'
import { exportText, LocalGameApi } from '../../core/api/index.js'

/** Lines are gathered into writes of about this many characters, as a buffered file stream would. */
const WRITE_CHUNK = 64 * 1024

function writeLines(fd: number, lines: Iterable<string>): number {
  let bytes = 0
  let pending = ''
  for (const line of lines) {
    pending += line
    if (pending.length >= WRITE_CHUNK) {
      bytes += writeSync(fd, pending)
      pending = ''
    }
  }
  if (pending.length > 0) bytes += writeSync(fd, pending)
  return bytes
}

function* bareLines(file: string, gameId: string): Generator<string> {
  const db = new Database(file, { fileMustExist: true })
  try {
    const rows = db
      .prepare<[string], unknown[]>(
        'SELECT seq, type, v, at, actor, rules_version, payload, prev_hash, hash FROM events ' +
          'WHERE game_id = ? ORDER BY seq',
      )
      .raw()
    for (const row of rows.iterate(gameId)) yield `${JSON.stringify(row)}\n`
  } finally {
    db.close()
  }
}

async function main(): Promise<void> {
  const [file, gameId, out, mode] = process.argv.slice(2)
  if (!file || !gameId || !out || (mode !== 'string' && mode !== 'stream' && mode !== 'bare'))
    throw new Error('usage: export-child.ts DB GAME_ID OUT string|stream|bare')
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('run with --expose-gc')
  const api = mode === 'bare' ? null : await LocalGameApi.open(file, { mustExist: true })
  gc()
  const baseRss = process.memoryUsage().rss
  const started = process.hrtime.bigint()
  const fd = openSync(out, 'w')
  let bytes = 0
  try {
    if (mode === 'string') {
      bytes = writeSync(fd, await exportText(api!, gameId))
    } else if (mode === 'stream') {
      // As `arbiter export` does: each page written as it comes.
      for (let fromSeq: number | null = 1; fromSeq !== null; ) {
        const page = await api!.exportGame(gameId, { fromSeq })
        bytes += writeSync(fd, page.text)
        fromSeq = page.nextSeq
      }
    } else {
      bytes = writeLines(fd, bareLines(file, gameId))
    }
  } finally {
    closeSync(fd)
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  await api?.close()
  const maxRss = process.resourceUsage().maxRSS * 1024
  process.stdout.write(`${JSON.stringify({ ms, bytes, baseRss, maxRss })}\n`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
