import { existsSync } from 'node:fs'
import { type GameApi, LocalGameApi, type OpenApiOptions, type OpenRequest, type StepView } from '../api/index.js'
import { type Flags, required, UsageError, type Values } from './args.js'
import { removeDatabase } from './files.js'
import { answerHint, explainedStep, writeJson } from './print.js'

export interface Io {
  readonly stdout: { write(text: string): unknown }
  readonly stderr: { write(text: string): unknown }
}

export interface Command {
  readonly usage: string
  readonly summary: string
  readonly details?: string
  readonly flags: Flags
  readonly positionals?: { readonly min: number; readonly max: number; readonly missing: string }
  readonly examples: readonly string[]
  /** Help for what the positionals name (`declare TYPE --help`), when they name something. */
  readonly helpFor?: (positionals: readonly string[]) => string | undefined
  /** Parses its own flags (declare takes the payload as flags). */
  readonly parse?: (args: readonly string[]) => { values: Values; positionals: string[] }
  run(values: Values, positionals: string[], io: Io): Promise<number>
}

export const currentRulesFlag = {
  type: 'boolean',
  help: "replay a game recorded under another version of the rules under this Arbiter's on purpose (a re-audit)",
} as const
export const asFlag = (fallback: string) =>
  ({ type: 'string', value: 'PLAYER', help: `the player recording this (default: ${fallback})` }) as const

/**
 * Runs a command against the api. `read` opens read-only: the file is never created or changed.
 * `create` may create the database; if it did and the command fails, the new file is removed.
 */
export async function withApi<T>(
  file: string,
  mode: 'read' | 'write' | 'create',
  fn: (api: GameApi) => Promise<T>,
  options: OpenApiOptions = {},
): Promise<T> {
  const creating = mode === 'create' && !existsSync(file)
  let api: GameApi | undefined
  let done = false
  try {
    api = await LocalGameApi.open(file, {
      ...options,
      host: 'cli',
      mustExist: mode !== 'create',
      readOnly: mode === 'read',
    })
    const result = await fn(api)
    done = true
    return result
  } finally {
    await api?.close()
    // Removed after the close, so SQLite leaves no side file behind either.
    if (creating && !done) removeDatabase(file)
  }
}

/** `--db F --game G` as the next command needs it. */
export function where(values: Values): string {
  return `--db ${required(values, 'db')} --game ${required(values, 'game')}`
}

/**
 * The open request `requestId` of the kind the command answers. A request of the other kind, or
 * none by that id, is a usage error that names the command to use or the requests that are open.
 */
export async function openRequestOf<K extends OpenRequest['kind']>(
  api: GameApi,
  gameId: string,
  requestId: string,
  kind: K,
  at: string,
): Promise<Extract<OpenRequest, { kind: K }>> {
  const { openRequests } = await api.openGame(gameId)
  const request = openRequests.find((open) => open.id === requestId)
  if (request === undefined) {
    const open = openRequests.map((r) => `${r.id} (${r.kind === 'dice' ? 'roll' : 'choose'})`).join(', ')
    throw new UsageError(`no request ${requestId} is open in this game; ${open ? `open: ${open}` : 'none is open'}`)
  }
  if (request.kind !== kind) {
    const [is, not, command] =
      request.kind === 'dice' ? ['a dice roll', 'a choice', 'roll'] : ['a choice', 'a roll', 'choose']
    throw new UsageError(
      `request ${requestId} is ${is}, not ${not}: ${request.text}\n` +
        `answer it with \`${command}\`:\n  ${answerHint(request, at)}`,
    )
  }
  return request as Extract<OpenRequest, { kind: K }>
}

/** A writing command's `--json`: what it recorded, for a script to read. */
export const writeJsonFlag = {
  type: 'boolean',
  help: 'print what was recorded as one JSON object: {gameId, step, openRequests}',
} as const

/**
 * Prints what a writing command did: the step, its explanation, and how to answer what it opened;
 * with `json`, the step and the open requests as one JSON object instead.
 */
export async function printWrite(
  io: Io,
  step: StepView,
  api: GameApi,
  gameId: string,
  at: string,
  json: boolean,
): Promise<void> {
  const { openRequests } = await api.openGame(gameId)
  if (json) {
    io.stdout.write(`${writeJson(gameId, step, openRequests)}\n`)
    return
  }
  io.stdout.write(`${explainedStep(step)}\n`)
  if (openRequests.length > 0) {
    io.stdout.write('next:\n')
    for (const request of openRequests) io.stdout.write(`  ${answerHint(request, at)}\n`)
  }
}

/** A JSON value from a file or a flag, with the place named when it is not JSON. */
export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new UsageError(`${what} is not valid JSON: ${(error as Error).message}`)
  }
}

/** A flag's value as the payload takes it: numbers as numbers, true/false as booleans. */
