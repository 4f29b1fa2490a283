import { parseArgs } from 'node:util'

/**
 * How a new user runs Arbiter from the project folder (it is not on their PATH). Not `npx arbiter`:
 * npx installs the folder into its cache (running its `prepare` build the first time) and reads the
 * whole dependency tree on every run, seconds where `node` takes a third of one (README).
 */
export const ARBITER = 'node bin/arbiter.js'

/** Bad arguments: the command prints its usage and exits 2. */
export class UsageError extends Error {}

export interface Flag {
  readonly type: 'string' | 'boolean'
  /** The placeholder shown in help, for a flag that takes a value. */
  readonly value?: string
  readonly help: string
  readonly multiple?: boolean
}

export type Flags = Readonly<Record<string, Flag>>
export type Values = Record<string, string | boolean | string[] | undefined>

/** The flags most commands share. */
export const dbFlag: Flag = { type: 'string', value: 'FILE', help: 'the Arbiter database file (e.g. games.sqlite)' }
export const gameFlag: Flag = {
  type: 'string',
  value: 'ID',
  help: 'the game id, as `new`, `demo` and `games` print it',
}
export const helpFlag: Flag = { type: 'boolean', help: 'show this help' }

/** The edit distance between two words (insertions, deletions, substitutions, swaps of neighbours). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1)
      d[i]![j] = best
    }
  }
  return d[a.length]![b.length]!
}

/** The known word nearest to a mistyped one, when it is near enough to be what was meant. */
export function nearest(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined
  let bestDistance = Number.POSITIVE_INFINITY
  for (const candidate of known) {
    // A word cut short or run on (--gam, --output for --out) counts as one edit away.
    const prefix =
      Math.min(word.length, candidate.length) >= 2 && (candidate.startsWith(word) || word.startsWith(candidate))
    const d = prefix ? 1 : distance(word, candidate)
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  return bestDistance <= Math.max(1, Math.min(2, Math.floor(word.length / 3))) ? best : undefined
}

/** `value` when it is one of `known`; otherwise a usage error naming it, with the nearest known word when one is near. */
export function knownValue(what: string, value: string, known: readonly string[]): string {
  if (known.includes(value)) return value
  const guess = nearest(value, known)
  throw new UsageError(`no ${what} "${value}"${guess ? `; did you mean "${guess}"?` : ''}`)
}

export function unknownFlag(name: string, known: readonly string[]): UsageError {
  const guess = nearest(name, known)
  return new UsageError(
    guess === undefined
      ? `unknown flag --${name} (this command takes ${known.map((k) => `--${k}`).join(', ')})`
      : `unknown flag --${name}; did you mean --${guess}?`,
  )
}

/** The flags named in `args` (before a `--`), for checking them against a command's. */
export function flagNames(args: readonly string[]): string[] {
  const names: string[] = []
  for (const arg of args) {
    if (arg === '--') break
    if (arg.startsWith('--')) names.push(arg.slice(2).split('=')[0] as string)
    else if (arg.startsWith('-') && arg.length > 1 && !/^-\d/.test(arg)) names.push(arg === '-h' ? 'help' : arg)
  }
  return names
}

/** Parses a command line against a command's flags; a mistyped flag is named with its nearest match. */
export function parseFlags(args: readonly string[], flags: Flags): { values: Values; positionals: string[] } {
  const known = Object.keys(flags)
  for (const name of flagNames(args)) if (!known.includes(name)) throw unknownFlag(name.replace(/^-+/, ''), known)
  const options = Object.fromEntries(
    Object.entries(flags).map(([name, flag]) => [
      name,
      { type: flag.type, ...(flag.multiple ? { multiple: true } : {}), ...(name === 'help' ? { short: 'h' } : {}) },
    ]),
  )
  try {
    const parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true })
    return { values: parsed.values as Values, positionals: parsed.positionals }
  } catch (error) {
    // node's parser words its errors for programmers: say which flag wants a value
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      const flag = /'(--?[\w-]+)/.exec((error as Error).message)?.[1]
      throw new UsageError(flag === undefined ? (error as Error).message : `${flag} needs a value`)
    }
    throw error
  }
}

export function required(values: Values, name: string): string {
  const value = values[name]
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`)
  return value
}

export function optional(values: Values, name: string): string | undefined {
  const value = values[name]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** A command's full help: usage, what it does, every flag, examples. */
export function helpText(command: {
  readonly usage: string
  readonly summary: string
  readonly details?: string
  readonly flags: Flags
  readonly examples: readonly string[]
}): string {
  const lines = [`usage: ${command.usage}`, '', command.summary]
  if (command.details) lines.push('', command.details)
  lines.push('', 'flags:')
  const shown = Object.entries(command.flags).map(([name, flag]) => [
    `--${name}${flag.value ? ` ${flag.value}` : ''}${name === 'help' ? ', -h' : ''}`,
    flag.help + (flag.multiple ? ' (repeat it for more)' : ''),
  ])
  const width = Math.max(...shown.map(([left]) => (left as string).length))
  for (const [left, right] of shown) lines.push(`  ${(left as string).padEnd(width)}  ${right}`)
  lines.push('', command.examples.length === 1 ? 'example:' : 'examples:')
  for (const example of command.examples) lines.push(`  ${example}`)
  return `${lines.join('\n')}\n`
}
