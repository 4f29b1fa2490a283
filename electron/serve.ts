import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { LocalGameApi } from '../core/api/game-api.js'
import { toErrorData } from '../core/events/errors.js'
import { defaultLibraryFile } from './library-path.js'
import { startWebHost, type WebHost } from './web-host.js'

const USAGE = 'usage: npm run serve -- [--db FILE] [--port N] [--host ADDR]'

/** dist/renderer, beside this module's dist/electron. */
export function builtRendererDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', 'renderer')
}

export interface ServeOptions {
  readonly db: string
  readonly port: number
  readonly host: string
}

/** `--db FILE --port N --host ADDR`; null with a message on stderr for bad arguments. */
export function parseServeArgs(argv: readonly string[], stderr: NodeJS.WritableStream): ServeOptions | null {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { db: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    })
    const port = values.port === undefined ? 0 : Number(values.port)
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new Error(`--port takes a port number from 0 to 65535 (0: any free port), not "${values.port}"`)
    return {
      db: values.db === undefined ? defaultLibraryFile() : resolve(values.db),
      port,
      host: values.host ?? '127.0.0.1',
    }
  } catch (error) {
    stderr.write(`${(error as Error).message}\n${USAGE}\n`)
    return null
  }
}

/** Opens the library and starts the web host; prints its one line. */
export async function serveWeb(
  options: ServeOptions,
  stdout: NodeJS.WritableStream = process.stdout,
): Promise<{ host: WebHost; api: LocalGameApi }> {
  mkdirSync(dirname(options.db), { recursive: true })
  const api = await LocalGameApi.open(options.db, { host: 'web' })
  const host = await startWebHost({ api, rendererDir: builtRendererDir(), port: options.port, host: options.host })
  stdout.write(`Arbiter is at ${host.url}\n`)
  return { host, api }
}

async function main(): Promise<void> {
  const options = parseServeArgs(process.argv.slice(2), process.stderr)
  if (options === null) {
    process.exitCode = 2
    return
  }
  let running: { host: WebHost; api: LocalGameApi }
  try {
    running = await serveWeb(options)
  } catch (error) {
    const { code, message } = toErrorData(error)
    process.stderr.write(`arbiter: ${code}: ${message}\n`)
    process.exitCode = 1
    return
  }
  const stop = (): void => {
    void running.host
      .close()
      .then(() => running.api.close())
      .finally(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
