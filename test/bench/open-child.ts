/**
 * First-open child: `node open-child.js DB GAME_ID`. Opens a GameApi and the game at its head once, in a fresh
 * process, as a command of the CLI does: the figure includes what only a first open pays (the engine made and
 * its code compiled, the chain check's worker thread started). Prints one JSON line: { ms }.
 */
import { LocalGameApi } from '../../core/api/index.js'

async function main(): Promise<void> {
  const [file, gameId] = process.argv.slice(2)
  if (!file || !gameId) throw new Error('usage: open-child.js DB GAME_ID')
  const started = process.hrtime.bigint()
  const api = await LocalGameApi.open(file, { mustExist: true })
  const view = await api.openGame(gameId)
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  await api.close()
  process.stdout.write(`${JSON.stringify({ ms, seq: view.seq })}\n`)
}

await main()
