import { basename } from 'node:path'
import {
  ArbiterError,
  type ImportedList,
  type ImportRow,
  importListFile,
  MAX_LIST_BYTES,
  rulesetIds,
} from '../api/index.js'
import { ARBITER, dbFlag, gameFlag, helpFlag, knownValue, optional, required } from './args.js'
import { type Command, withApi } from './command.js'
import { checkNotSameFile, readFileBytes, writeChunks } from './files.js'
import { oneLine } from './safe-output.js'

const PROFILE_WORDS = {
  file: 'the file',
  catalogue: 'the catalogue',
  library: 'the unit library',
  player: 'the player',
}

function rowLine(row: ImportRow): string {
  const to = row.mappedTo === undefined ? '' : ` -> ${oneLine(row.mappedTo)}`
  const note = row.note === undefined ? '' : ` (${oneLine(row.note)})`
  return `  ${oneLine(row.path)}: "${oneLine(row.text)}"${to}${note}`
}

/** The import report in words: mapped, assumed, not mapped (with the file's text), needs, and each profile's source. */
export function importReportText(list: ImportedList): string {
  const { army } = list
  const lines = [
    `${oneLine(list.fileName)}: ${list.format}, sha256 ${list.fileHash}`,
    `army: ${oneLine(army.name || '(no name)')}${army.faction === null ? '' : ` (${oneLine(army.faction)})`}` +
      `${army.points === null ? '' : `, ${army.points} points`}, ${list.units.length} units, ruleset ${list.ruleset}`,
  ]
  for (const [status, title] of [
    ['mapped', 'mapped'],
    ['assumed', 'mapped with assumptions'],
    ['not-mapped', 'not mapped'],
  ] as const) {
    const rows = list.rows.filter((row) => row.status === status)
    lines.push(`${title} (${rows.length}):`, ...rows.map(rowLine))
  }
  lines.push(`needs (${list.needs.length}):`)
  for (const need of list.needs) lines.push(`  ${oneLine(need.unit)}: ${need.what}: ${oneLine(need.text)}`)
  lines.push('profiles:')
  for (const unit of list.units) {
    const from = list.profiles[unit.id]
    const library = list.librarySources?.[unit.id]
    const words = from === undefined ? 'not said' : PROFILE_WORDS[from]
    lines.push(
      `  ${oneLine(unit.name)} (${unit.id}): from ${words}${library === undefined ? '' : `: ${oneLine(library)}`}`,
    )
  }
  return `${lines.join('\n')}\n`
}

/** Army lists: the import report of a list file, read without recording anything. */
export const listCommands = {
  'import-list': {
    usage: `${ARBITER} import-list --ruleset ID FILE [--json] [--db FILE]`,
    summary:
      'Read an army list file and print its import report: what maps onto the rules, what does not, what is needed.',
    details:
      'FILE is an Old World Builder .owb.json or .owb.lists.json, a New Recruit .json roster, or a BattleScribe .ros or ' +
      ".rosz roster. Each unit, option, item and special rule is mapped onto the ruleset's catalogue, mapped with an " +
      'assumption, or not mapped (with the text the file had); a stat line the file lacks is a need. With --db, the unit ' +
      "library of that database is looked in first for the units' profiles. Nothing is recorded and no file is changed: " +
      'the list enters a game through the muster screen (docs/lists.md).',
    flags: {
      ruleset: { type: 'string', value: 'ID', help: `the ruleset to map onto (${rulesetIds().join(', ')})` },
      json: {
        type: 'boolean',
        help: 'print the imported list (units, report, needs, profile sources) as one JSON object',
      },
      db: { ...dbFlag, help: 'an Arbiter database whose unit library supplies profiles (read only)' },
      help: helpFlag,
    },
    positionals: { min: 1, max: 1, missing: 'give the list FILE to read' },
    examples: [
      `${ARBITER} import-list --ruleset old-world "Wood Elves.owb.json"`,
      `${ARBITER} import-list --ruleset classic roster.rosz --db games.sqlite --json`,
    ],
    async run(values, positionals, io) {
      const ruleset = knownValue('ruleset', required(values, 'ruleset'), rulesetIds())
      const path = positionals[0] as string
      const name = basename(path)
      const bytes = readFileBytes(path, MAX_LIST_BYTES, (size) => {
        throw new ArbiterError(
          'list/too-large',
          `${name}: ${size} bytes is more than any army list (at most ${MAX_LIST_BYTES} bytes)`,
        )
      })
      const db = optional(values, 'db')
      const list =
        db === undefined
          ? importListFile(ruleset, name, bytes)
          : await withApi(db, 'read', (api) => api.importList(ruleset, name, Buffer.from(bytes).toString('base64')))
      io.stdout.write(values.json === true ? `${JSON.stringify(list)}\n` : importReportText(list))
      return 0
    },
  },
  'export-list': {
    usage: `${ARBITER} export-list --db FILE --game ID --player ID --out FILE.owb.json`,
    summary: "Write a player's army, as the game mustered it, back as an Old World Builder list (.owb.json).",
    details:
      'The army is the last ArmyMustered of the player the game counts (corrections applied), its army the faction of ' +
      'the list the player imported. Old World Builder opens the file; Arbiter imports it again as the same army. ' +
      'Nothing is recorded (docs/lists-owb.md).',
    flags: {
      db: dbFlag,
      game: gameFlag,
      player: { type: 'string', value: 'ID', help: 'the player whose army is written' },
      out: { type: 'string', value: 'FILE.owb.json', help: 'the file to write (replaced if it exists)' },
      help: helpFlag,
    },
    examples: [`${ARBITER} export-list --db games.sqlite --game 4f1c… --player p1 --out "Wood Elves.owb.json"`],
    async run(values, _p, io) {
      const out = required(values, 'out')
      const file = required(values, 'db')
      const gameId = required(values, 'game')
      const player = required(values, 'player')
      checkNotSameFile(out, file)
      const list = await withApi(file, 'read', (api) => api.exportArmy(gameId, player))
      await writeChunks(out, [list.text])
      io.stdout.write(`wrote ${player}'s army to ${out}\n`)
      return 0
    },
  },
} satisfies Record<string, Command>
