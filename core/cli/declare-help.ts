import { appliesTo, type DeclarationDescription, declarations, type FieldDescription } from '../api/declarations.js'
import { rulesetSummaries } from '../api/game-api.js'
import type { EventType } from '../events/event-types.js'
import { ARBITER, nearest, UsageError } from './args.js'

const RULESET_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  rulesetSummaries().map((ruleset) => [ruleset.id, ruleset.name]),
)

const rulesetNames = (ids: readonly string[]) => ids.map((id) => RULESET_NAMES[id] ?? id).join(', ')

/** How a field is given on the command line: a flag with a value, or inside --payload. */
function flagOf(field: FieldDescription): string {
  if (field.shape !== 'value') return `"${field.name}": [...] (in --payload)`
  const placeholder =
    field.choices && field.choices.length > 0
      ? field.choices.map((c) => c.value).join('|')
      : field.kind === 'yes-no'
        ? 'true|false'
        : field.kind === 'inches'
          ? 'INCHES'
          : ['count', 'number', 'turn', 'charge'].includes(field.kind)
            ? 'N'
            : ['own-unit', 'enemy-unit', 'unit', 'combat-unit'].includes(field.kind)
              ? 'UNIT'
              : field.kind === 'player'
                ? 'PLAYER'
                : 'ID'
  return `--${field.name} ${placeholder}`
}

/** One field: its flag, whether it is needed, its meaning, its values, its bounds, when and where it applies. */
function fieldLines(field: FieldDescription): string[] {
  const needed = field.required ? 'required' : field.default !== undefined ? `default ${field.default}` : 'optional'
  const lines = [
    `  ${flagOf(field)}   (${field.label}; ${needed})`,
    `      ${field.help}${field.kind === 'yes-no' ? ' (true or false)' : ''}`,
  ]
  if (field.cli) lines.push(`      given as ${field.cli}`)
  const bounds = [
    field.integer ? 'a whole number' : field.min !== undefined || field.max !== undefined ? 'a number' : '',
    field.min !== undefined ? `from ${field.min}` : '',
    field.max !== undefined ? `to ${field.max}` : '',
    field.unit ? 'inches' : '',
  ].filter(Boolean)
  if (bounds.length > 0 && field.shape === 'value' && !field.choices) lines.push(`      ${bounds.join(' ')}`)
  for (const choice of field.choices ?? [])
    lines.push(
      `      ${choice.value}: ${choice.label}${choice.help ? ` (${choice.help})` : ''}` +
        (choice.rulesets ? ` [${rulesetNames(choice.rulesets)} only]` : ''),
    )
  if (field.kind === 'phase')
    for (const ruleset of rulesetSummaries()) lines.push(`      ${ruleset.name}: ${ruleset.phases.join(', ')}`)
  if (field.when) lines.push(`      asked ${field.when}`)
  if (field.rulesets) lines.push(`      applies to ${rulesetNames(field.rulesets)} only`)
  return lines
}

/** `arbiter declare TYPE --help`: every field of TYPE's schema, its meaning, its values, which ruleset takes it. */
export function declareTypeHelp(type: string): string {
  const known = Object.keys(declarations)
  if (!Object.hasOwn(declarations, type)) {
    const guess = nearest(type, known)
    throw new UsageError(`no event type "${type}"${guess ? `; did you mean ${guess}?` : ''} (${known.join(', ')})`)
  }
  const described: DeclarationDescription = declarations[type as EventType]
  const lines = [
    `usage: ${ARBITER} declare ${type} --db FILE --game ID --as PLAYER [--FIELD VALUE …| --payload '{…}'] [--json]`,
    '',
    `${described.title}: ${described.help}`,
  ]
  if (described.recordedBy === 'answer') lines.push(`(recorded by \`${ARBITER} roll\` or \`${ARBITER} choose\`)`)
  if (described.recordedBy === 'muster') lines.push(`(recorded by \`${ARBITER} muster ARMY.json\`)`)
  if (described.recordedBy === 'new-game') lines.push(`(recorded by \`${ARBITER} new\`)`)
  if (described.recordedBy === 'signing') lines.push(`(recorded by \`${ARBITER} key\` or \`${ARBITER} sign\`)`)
  if (described.recordedBy === 'dispute')
    lines.push(
      `(settles a dispute${type === 'Correction' ? `; \`${ARBITER} undo\` records one too` : ''}: ` +
        'see docs/corrections.md and docs/audit.md)',
    )
  const nested = described.fields.some((field) => field.shape !== 'value')
  lines.push(
    '',
    nested
      ? 'fields (a list or an object is given inside --payload, with every field of the payload):'
      : 'fields (numbers as numbers, true/false as yes or no; or the whole payload as --payload):',
  )
  for (const field of described.fields) lines.push(...fieldLines(field))
  const only = rulesetSummaries()
    .map((ruleset) => ({ ruleset, skipped: described.fields.filter((f) => !appliesTo(f, ruleset.id)) }))
    .filter(({ skipped }) => skipped.length > 0)
  if (only.length > 0) lines.push('')
  for (const { ruleset, skipped } of only)
    lines.push(`${ruleset.name} refuses or ignores: ${skipped.map((f) => f.name).join(', ')}`)
  return `${lines.join('\n')}\n`
}

/** The list of types for `declare --help`: each with its title, and where to read its fields. */
export function declareOverview(): string {
  const types = Object.values(declarations).filter((d) => d.recordedBy === 'form')
  const width = Math.max(...types.map((d) => d.type.length))
  return [
    "Numbers are taken as numbers, true/false as booleans, anything else as text; a nested payload (a combat's",
    `sides and contact) is given with --payload. \`${ARBITER} status\` lists what can be declared now;`,
    `\`${ARBITER} declare TYPE --help\` lists every field of TYPE, its meaning, its values and its ruleset.`,
    '',
    ...types.map((d) => `  ${d.type.padEnd(width)}  ${d.title}`),
  ].join('\n')
}
