import { readFileSync, writeFileSync } from 'node:fs'
import { type ParseArgsConfig, parseArgs } from 'node:util'
import { GameApi, type StepView } from '../api/game-api.js'
import { ArbiterError } from '../events/errors.js'
import type { Explanation } from '../explain/explanation.js'
import { renderExplanationText } from '../explain/render-text.js'
import { EventStore } from '../store/event-store.js'
import { parseAndVerifyJsonl } from '../store/jsonl.js'
import { createDemoGame } from './demo.js'

export interface Io {
  readonly stdout: { write(text: string): unknown }
  readonly stderr: { write(text: string): unknown }
}

class UsageError extends Error {}

interface Command {
  readonly usage: string
  readonly summary: string
  readonly options: NonNullable<ParseArgsConfig['options']>
  readonly positionals?: { min: number; max: number }
  run(values: Record<string, string | boolean | undefined>, positionals: string[], io: Io): Promise<number>
}

const db = { type: 'string' } as const
const game = { type: 'string' } as const
const help = { type: 'boolean', short: 'h' } as const

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name]
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`)
  return value
}

async function withApi<T>(
  file: string,
  mustExist: boolean,
  options: { underCurrentRules?: boolean },
  fn: (api: GameApi) => Promise<T>,
): Promise<T> {
  const api = await GameApi.open(file, { mustExist, ...options })
  try {
    return await fn(api)
  } finally {
    await api.close()
  }
}

function stepLine(step: StepView): string {
  const parts = [`#${step.seq} ${step.type} (${step.actor})`]
  const said = step.outcomes.map((o) => o.text)
  if (said.length > 0) parts.push(`: ${said.join('; ')}`)
  else if (step.explanation && step.requests.length === 0) parts.push(`: ${step.explanation.text}`)
  let text = parts.join('')
  for (const request of step.requests) text += `\n    -> request ${request.id}: ${request.text}`
  return text
}

function withoutExplanations(step: StepView): unknown {
  return {
    seq: step.seq,
    type: step.type,
    actor: step.actor,
    outcomes: step.outcomes.map(({ explanation: _e, ...rest }) => rest),
    requests: step.requests.map(({ explanation: _e, ...rest }) => rest),
  }
}

const commands: Record<string, Command> = {
  demo: {
    usage: 'arbiter demo --db FILE',
    summary: 'create a short sample game (two units, one round of combat with dice) in FILE; prints its game id last',
    options: { db, help },
    async run(values, _p, io) {
      const file = required(values, 'db')
      const gameId = await withApi(file, false, {}, async (api) => {
        const id = await createDemoGame(api)
        const view = await api.openGame(id)
        io.stdout.write(
          `created the demo game in ${file}: ${view.seq} events; replay it with\n  arbiter replay --db ${file} --game ${id} --explain\n`,
        )
        return id
      })
      io.stdout.write(`${gameId}\n`)
      return 0
    },
  },
  games: {
    usage: 'arbiter games --db FILE',
    summary: 'list the games in FILE',
    options: { db, help },
    async run(values, _p, io) {
      await withApi(required(values, 'db'), true, {}, async (api) => {
        for (const g of await api.listGames()) {
          io.stdout.write(
            `${g.gameId}  ${g.ruleset}/${g.variant}  ${g.headSeq} events  ${g.createdAt}${g.title ? `  ${g.title}` : ''}\n`,
          )
        }
      })
      return 0
    },
  },
  replay: {
    usage: 'arbiter replay --db FILE --game ID [--explain] [--json] [--verify] [--current-rules]',
    summary: 'replay a game and print every step (--explain: with explanation trees; --json: one JSON object a line)',
    options: {
      db,
      game,
      explain: { type: 'boolean' },
      json: { type: 'boolean' },
      verify: { type: 'boolean' },
      'current-rules': { type: 'boolean' },
      help,
    },
    async run(values, _p, io) {
      const explainSteps = values.explain === true
      const json = values.json === true
      const file = required(values, 'db')
      const gameId = required(values, 'game')
      await withApi(file, true, { underCurrentRules: values['current-rules'] === true }, async (api) => {
        const view = await api.replay(gameId, {
          verify: values.verify === true,
          onStep(step) {
            if (json) {
              io.stdout.write(`${JSON.stringify(explainSteps ? step : withoutExplanations(step))}\n`)
              return
            }
            io.stdout.write(`${stepLine(step)}\n`)
            // A bare one-line explanation is already the step line itself.
            const tree = step.explanation
            if (
              explainSteps &&
              tree &&
              (tree.children.length > 0 || step.outcomes.length > 0 || step.requests.length > 0)
            ) {
              io.stdout.write(`${renderExplanationText(tree as Explanation, '    ')}\n`)
            }
          },
        })
        if (!json) {
          const open = view.openRequests.map((r) => `${r.id} (${r.text})`)
          io.stdout.write(
            `replayed ${view.seq} events; ${open.length > 0 ? `open: ${open.join(', ')}` : 'no request is open'}\n`,
          )
        }
      })
      return 0
    },
  },
  export: {
    usage: 'arbiter export --db FILE --game ID --out FILE.jsonl',
    summary: 'write a game to a self-contained JSON Lines file (one event a line, hashes included)',
    options: { db, game, out: { type: 'string' }, help },
    async run(values, _p, io) {
      const out = required(values, 'out')
      const file = required(values, 'db')
      const gameId = required(values, 'game')
      const text = await withApi(file, true, {}, (api) => api.exportGame(gameId))
      writeFileSync(out, text)
      io.stdout.write(`exported ${text.split('\n').filter(Boolean).length} events to ${out}\n`)
      return 0
    },
  },
  import: {
    usage: 'arbiter import --db FILE FILE.jsonl',
    summary: 'take an exported game back into FILE after verifying and replaying it whole',
    options: { db, 'current-rules': { type: 'boolean' }, help },
    positionals: { min: 1, max: 1 },
    async run(values, positionals, io) {
      const source = positionals[0] as string
      const file = required(values, 'db')
      const text = readFileSync(source, 'utf8')
      const result = await withApi(file, false, { underCurrentRules: values['current-rules'] === true }, (api) =>
        api.importGame(text),
      )
      io.stdout.write(`imported game ${result.gameId} (${result.events} events)\n`)
      return 0
    },
  },
  verify: {
    usage: 'arbiter verify FILE.jsonl | arbiter verify --db FILE --game ID',
    summary: 'check the hash chain; exit 0 when it holds, 1 naming the first bad line or seq',
    options: { db, game, help },
    positionals: { min: 0, max: 1 },
    async run(values, positionals, io) {
      const file = positionals[0]
      if (file !== undefined) {
        if (values.db !== undefined || values.game !== undefined)
          throw new UsageError('give a file or --db and --game, not both')
        const result = parseAndVerifyJsonl(readFileSync(file, 'utf8'))
        if (!result.ok) {
          io.stdout.write(`BROKEN ${file}: ${result.problem}\n`)
          return 1
        }
        const last = result.events[result.events.length - 1]
        io.stdout.write(`OK ${file}: ${result.events.length} events, chain intact, head ${last?.hash ?? '-'}\n`)
        return 0
      }
      const gameId = required(values, 'game')
      const store = EventStore.open(required(values, 'db'), { mustExist: true })
      try {
        const result = store.verifyGame(gameId)
        if (!result.ok) {
          io.stdout.write(`BROKEN game ${gameId}: seq ${result.seq}: ${result.problem}\n`)
          return 1
        }
        io.stdout.write(`OK game ${gameId}: ${result.events} events, chain intact, head ${store.head(gameId).hash}\n`)
        return 0
      } finally {
        store.close()
      }
    },
  },
}

function overview(): string {
  const lines = ['usage: arbiter <command> [options]   (arbiter <command> --help for one)', '', 'commands:']
  for (const [name, command] of Object.entries(commands)) lines.push(`  ${name.padEnd(8)} ${command.summary}`)
  return `${lines.join('\n')}\n`
}

/** Runs one command line; returns the exit code (0 ok, 1 failed, 2 bad arguments). */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' && rest[0] !== undefined ? commands[rest[0]] : undefined
    if (topic) io.stdout.write(`usage: ${topic.usage}\n  ${topic.summary}\n`)
    else (name === undefined ? io.stderr : io.stdout).write(overview())
    return name === undefined ? 2 : 0
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined
  if (!command) {
    io.stderr.write(`arbiter: unknown command "${name}"\n${overview()}`)
    return 2
  }
  try {
    const parsed = parseArgs({ args: [...rest], options: command.options, allowPositionals: true, strict: true })
    const values = parsed.values as Record<string, string | boolean | undefined>
    if (values.help === true) {
      io.stdout.write(`usage: ${command.usage}\n  ${command.summary}\n`)
      return 0
    }
    const { min, max } = command.positionals ?? { min: 0, max: 0 }
    if (parsed.positionals.length < min || parsed.positionals.length > max) {
      throw new UsageError(
        parsed.positionals.length > max
          ? `unexpected argument "${parsed.positionals[max]}"`
          : 'a file argument is missing',
      )
    }
    return await command.run(values, parsed.positionals, io)
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error instanceof Error &&
        'code' in error &&
        String((error as { code: unknown }).code).startsWith('ERR_PARSE_ARGS'))
    ) {
      io.stderr.write(`arbiter ${name}: ${error.message}\nusage: ${command.usage}\n`)
      return 2
    }
    if (error instanceof ArbiterError) {
      io.stderr.write(`arbiter ${name}: ${error.code}: ${error.message}\n`)
      return 1
    }
    if (error instanceof Error && 'code' in error && (error as { code: unknown }).code === 'ENOENT') {
      io.stderr.write(`arbiter ${name}: ${error.message}\n`)
      return 1
    }
    throw error
  }
}
