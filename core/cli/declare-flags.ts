import { dbFlag, type Flags, gameFlag, helpFlag, nearest, UsageError, unknownFlag, type Values } from './args.js'
import { writeJsonFlag } from './command.js'

export function payloadValue(text: string): string | number | boolean {
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text)
  if (text === 'true' || text === 'false') return text === 'true'
  return text
}

export const declareFlags: Flags = {
  db: dbFlag,
  game: gameFlag,
  as: { type: 'string', value: 'PLAYER', help: 'the player declaring (required)' },
  payload: {
    type: 'string',
    value: "'{…}'",
    help: "the whole payload as JSON, instead of one flag per field (--json '{…}' is read the same)",
  },
  json: writeJsonFlag,
  help: helpFlag,
}

/**
 * `declare TYPE --field value …`: the command's own flags, the rest is the payload. `--json` with
 * no value is the output flag; with one (`--json '{…}'`, as older scripts write it) it is `--payload`.
 */
export function parseDeclare(args: readonly string[]): { values: Values; positionals: string[] } {
  const values: Values = {}
  const payload: Record<string, unknown> = {}
  const positionals: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (arg === '-h' || arg === '--help') {
      values.help = true
      continue
    }
    if (!arg.startsWith('--')) {
      positionals.push(arg)
      continue
    }
    const eq = arg.indexOf('=')
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq)
    const next = args[i + 1]
    if (name === 'json' && eq === -1 && (next === undefined || next.startsWith('--'))) {
      values.json = true
      continue
    }
    let value: string
    if (eq !== -1) value = arg.slice(eq + 1)
    else {
      if (next === undefined || next.startsWith('--')) throw new UsageError(`--${name} needs a value`)
      value = next
      i++
    }
    if (name === 'json' || name === 'payload') {
      if (typeof values.payload === 'string') throw new UsageError('give the payload once (--payload or --json)')
      values.payload = value
    } else if (Object.hasOwn(declareFlags, name)) values[name] = value
    else payload[name] = payloadValue(value)
  }
  const fields = Object.keys(payload)
  if (typeof values.payload === 'string') {
    if (fields.length > 0) throw new UsageError(`give the payload as --payload or as flags, not both (--${fields[0]})`)
  } else {
    values.payload = JSON.stringify(payload)
  }
  // A mistyped --db, --game or --as would otherwise become a payload field.
  for (const name of ['db', 'game', 'as']) {
    if (values[name] !== undefined) continue
    const typo = fields.find((field) => nearest(field, [name]) === name)
    if (typo !== undefined) throw unknownFlag(typo, [name])
  }
  return { values, positionals }
}
