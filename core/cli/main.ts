import { ArbiterError } from '../api/index.js'
import { ARBITER, helpText, nearest, parseFlags, UsageError } from './args.js'
import type { Command, Io } from './command.js'
import { disputeCommands } from './dispute-commands.js'
import { FileError } from './files.js'
import { listCommands } from './list-commands.js'
import { readCommands } from './read-commands.js'
import { reportCommands } from './report-commands.js'
import { terminalSafe } from './safe-output.js'
import { signingCommands } from './signing-commands.js'
import { writeCommands } from './write-commands.js'

export type { Io }

// In the order the overview lists them.
const { demo, new: newGame, muster, declare, roll, choose, import: importGame } = writeCommands
const { status, rules, games, replay, export: exportGame, verify } = readCommands
const { key, sign } = signingCommands
const { report } = reportCommands
const { undo, 'what-if': whatIf, audit } = disputeCommands
const commands: Record<string, Command> = {
  demo,
  new: newGame,
  muster,
  declare,
  roll,
  choose,
  key,
  sign,
  undo,
  'what-if': whatIf,
  audit,
  status,
  rules,
  games,
  replay,
  export: exportGame,
  report,
  import: importGame,
  verify,
  'import-list': listCommands['import-list'],
  'export-list': listCommands['export-list'],
}

function overview(): string {
  const lines = [`usage: ${ARBITER} <command> [flags]   (${ARBITER} <command> --help explains one)`, '', 'commands:']
  for (const [name, command] of Object.entries(commands)) lines.push(`  ${name.padEnd(8)} ${command.summary}`)
  return `${lines.join('\n')}\n`
}

/** Runs one command line; returns the exit code (0 ok, 1 refused or failed, 2 bad arguments). */
export async function main(argv: readonly string[], terminal: Io): Promise<number> {
  const io = terminalSafe(terminal)
  const [name, ...rest] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' && rest[0] !== undefined ? commands[rest[0]] : undefined
    if (topic) io.stdout.write(helpText(topic))
    else (name === undefined ? io.stderr : io.stdout).write(overview())
    return name === undefined ? 2 : 0
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined
  if (!command) {
    const guess = nearest(name, Object.keys(commands))
    io.stderr.write(`arbiter: unknown command "${name}"${guess ? `; did you mean "${guess}"?` : ''}\n${overview()}`)
    return 2
  }
  try {
    const { values, positionals } = (command.parse ?? ((args) => parseFlags(args, command.flags)))(rest)
    if (values.help === true) {
      io.stdout.write(command.helpFor?.(positionals) ?? helpText(command))
      return 0
    }
    const { min, max, missing } = command.positionals ?? { min: 0, max: 0, missing: '' }
    if (positionals.length < min) throw new UsageError(missing)
    if (positionals.length > max) throw new UsageError(`unexpected argument "${positionals[max]}"`)
    return await command.run(values, positionals, io)
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`arbiter ${name}: ${error.message}\nusage: ${command.usage}\n`)
      return 2
    }
    if (error instanceof ArbiterError) {
      io.stderr.write(`arbiter ${name}: ${error.code}: ${error.message}\n`)
      return 1
    }
    if (error instanceof FileError) {
      io.stderr.write(`arbiter ${name}: ${error.message}\n`)
      return 1
    }
    throw error
  }
}
