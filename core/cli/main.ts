import { existsSync } from 'node:fs'
import {
  ArbiterError,
  createDemoGame,
  type GameApi,
  LocalGameApi,
  type OpenApiOptions,
  type OpenRequest,
  replaySteps,
  rulesetIds,
  type StepView,
  verifyExport,
} from '../api/index.js'
import {
  ARBITER,
  dbFlag,
  type Flags,
  gameFlag,
  helpFlag,
  helpText,
  nearest,
  optional,
  parseFlags,
  required,
  UsageError,
  unknownFlag,
  type Values,
} from './args.js'
import { declareOverview, declareTypeHelp } from './declare-help.js'
import { checkNotSameFile, FileError, readTextFile, removeDatabase, writeChunks } from './files.js'
import { answerHint, explainedStep, statusText, stepJson, stepLine, writeJson } from './print.js'
import { coverageText, ruleCoverageOf } from './rule-coverage.js'

export interface Io {
  readonly stdout: { write(text: string): unknown }
  readonly stderr: { write(text: string): unknown }
}

interface Command {
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

const currentRulesFlag = {
  type: 'boolean',
  help: "replay a game recorded under another version of the rules under this Arbiter's on purpose (a re-audit)",
} as const
const asFlag = (fallback: string) =>
  ({ type: 'string', value: 'PLAYER', help: `the player recording this (default: ${fallback})` }) as const

/**
 * Runs a command against the api. `read` opens read-only: the file is never created or changed.
 * `create` may create the database; if it did and the command fails, the new file is removed.
 */
async function withApi<T>(
  file: string,
  mode: 'read' | 'write' | 'create',
  fn: (api: GameApi) => Promise<T>,
  options: OpenApiOptions = {},
): Promise<T> {
  const creating = mode === 'create' && !existsSync(file)
  let api: GameApi | undefined
  let done = false
  try {
    api = await LocalGameApi.open(file, { ...options, mustExist: mode !== 'create', readOnly: mode === 'read' })
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
function where(values: Values): string {
  return `--db ${required(values, 'db')} --game ${required(values, 'game')}`
}

/**
 * The open request `requestId` of the kind the command answers. A request of the other kind, or
 * none by that id, is a usage error that names the command to use or the requests that are open.
 */
async function openRequestOf<K extends OpenRequest['kind']>(
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
const writeJsonFlag = {
  type: 'boolean',
  help: 'print what was recorded as one JSON object: {gameId, step, openRequests}',
} as const

/**
 * Prints what a writing command did: the step, its explanation, and how to answer what it opened;
 * with `json`, the step and the open requests as one JSON object instead.
 */
async function printWrite(
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
function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new UsageError(`${what} is not valid JSON: ${(error as Error).message}`)
  }
}

/** A flag's value as the payload takes it: numbers as numbers, true/false as booleans. */
function payloadValue(text: string): string | number | boolean {
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text)
  if (text === 'true' || text === 'false') return text === 'true'
  return text
}

const declareFlags: Flags = {
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
function parseDeclare(args: readonly string[]): { values: Values; positionals: string[] } {
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

const commands: Record<string, Command> = {
  demo: {
    usage: `${ARBITER} demo --db FILE`,
    summary: 'Record a sample game in FILE (two ranked units, two close-combat rounds, a rout); prints its id last.',
    flags: { db: dbFlag, help: helpFlag },
    examples: [`${ARBITER} demo --db demo.sqlite`],
    async run(values, _p, io) {
      const file = required(values, 'db')
      const gameId = await withApi(file, 'create', async (api) => {
        const id = await createDemoGame(api)
        const view = await api.openGame(id)
        io.stdout.write(
          `created the demo game in ${file}: ${view.seq} events; replay it with\n` +
            `  ${ARBITER} replay --db ${file} --game ${id} --explain\n`,
        )
        return id
      })
      io.stdout.write(`${gameId}\n`)
      return 0
    },
  },
  new: {
    usage:
      `${ARBITER} new --db FILE --player ID[=NAME] --player ID[=NAME] ` +
      '[--ruleset R] [--variant V] [--title T] [--as PLAYER] [--json]',
    summary: 'Start a new game in FILE (created if missing); prints its id last.',
    flags: {
      db: { ...dbFlag, help: 'the Arbiter database file; created when it does not exist' },
      player: {
        type: 'string',
        value: 'ID[=NAME]',
        multiple: true,
        help: 'a player: a short id (a-z, 0-9, -) and a name to show',
      },
      ruleset: { type: 'string', value: 'R', help: 'the ruleset (default: classic)' },
      variant: {
        type: 'string',
        value: 'V',
        help: "the ruleset's variant (classic: classic or classic-8th; default: the ruleset's)",
      },
      title: { type: 'string', value: 'T', help: 'a title for the game' },
      as: asFlag('the first player'),
      json: writeJsonFlag,
      help: helpFlag,
    },
    examples: [`${ARBITER} new --db games.sqlite --player druchii="Druchii raiders" --player orcs="Orc warband"`],
    async run(values, _p, io) {
      const file = required(values, 'db')
      const players = ((values.player as string[] | undefined) ?? []).map((spec) => {
        const eq = spec.indexOf('=')
        return eq === -1 ? { id: spec, name: spec } : { id: spec.slice(0, eq), name: spec.slice(eq + 1) }
      })
      if (players.length < 2) throw new UsageError('a game needs at least two --player flags')
      const title = optional(values, 'title')
      const variant = optional(values, 'variant')
      const gameId = await withApi(file, 'create', async (api) => {
        const { gameId, step } = await api.createGame({
          ruleset: optional(values, 'ruleset') ?? 'classic',
          ...(variant === undefined ? {} : { variant }),
          players,
          ...(title === undefined ? {} : { title }),
          actor: optional(values, 'as') ?? (players[0] as { id: string }).id,
        })
        if (values.json === true) {
          io.stdout.write(`${writeJson(gameId, step, [])}\n`)
          return gameId
        }
        io.stdout.write(`${stepLine(step)}\n`)
        io.stdout.write(`next: muster each army with\n  ${ARBITER} muster ARMY.json --db ${file} --game ${gameId}\n`)
        return gameId
      })
      if (values.json !== true) io.stdout.write(`${gameId}\n`)
      return 0
    },
  },
  muster: {
    usage: `${ARBITER} muster ARMY.json --db FILE --game ID [--as PLAYER] [--json]`,
    summary: 'Record a player\'s army from a JSON file: {"player": ID, "units": [...]}, the ArmyMustered payload.',
    details:
      'Each unit: {"id", "name", "troopType" (infantry, cavalry, …), "models",\n' +
      '"profile": {"M","WS","BS","S","T","W","I","A","Ld"}, "gear": catalogue ids (hand-weapon,\n' +
      'light-armour, heavy-armour, shield), "rules": catalogue ids}. The README has an example.',
    flags: { db: dbFlag, game: gameFlag, as: asFlag("the army's player"), json: writeJsonFlag, help: helpFlag },
    positionals: { min: 1, max: 1, missing: 'the army file (ARMY.json) is missing' },
    examples: [`${ARBITER} muster druchii.json --db games.sqlite --game 4f1c…`],
    async run(values, positionals, io) {
      const source = positionals[0] as string
      const at = where(values)
      const payload = parseJson(readTextFile(source), source)
      const player = (payload as { player?: unknown } | null)?.player
      const actor = optional(values, 'as') ?? (typeof player === 'string' ? player : undefined)
      if (actor === undefined) throw new UsageError(`--as is required: ${source} names no player`)
      const gameId = required(values, 'game')
      await withApi(required(values, 'db'), 'write', async (api) => {
        const step = await api.append(gameId, { type: 'ArmyMustered', actor, payload })
        await printWrite(io, step, api, gameId, at, values.json === true)
      })
      return 0
    },
  },
  declare: {
    usage: `${ARBITER} declare TYPE --db FILE --game ID --as PLAYER [--FIELD VALUE …| --payload '{…}'] [--json]`,
    summary: 'Record a declaration (or TurnStarted, PhaseStarted, Note): its payload as one flag per field.',
    details: declareOverview(),
    helpFor: ([type]) => (type === undefined ? undefined : declareTypeHelp(type)),
    flags: declareFlags,
    parse: parseDeclare,
    positionals: { min: 1, max: 1, missing: 'the event TYPE is missing (e.g. MeleeAttacksDeclared)' },
    examples: [
      `${ARBITER} declare TurnStarted --turn 1 --player druchii --db games.sqlite --game 4f1c… --as druchii`,
      `${ARBITER} declare PhaseStarted --phase close-combat --db games.sqlite --game 4f1c… --as druchii`,
      `${ARBITER} declare CombatJoined --payload '{"combat":"c1","sides":[{"player":"druchii","units":[{"unit":"warriors"}]},` +
        `{"player":"orcs","units":[{"unit":"boyz","charged":true}]}],"contact":[{"unit":"warriors","models":5},` +
        `{"unit":"boyz","models":5}]}' --db games.sqlite --game 4f1c… --as orcs`,
      `${ARBITER} declare MeleeAttacksDeclared --attacker warriors --target boyz --models 5 ` +
        '--db games.sqlite --game 4f1c… --as druchii',
    ],
    async run(values, positionals, io) {
      const type = positionals[0] as string
      const at = where(values)
      const actor = required(values, 'as')
      const payload = parseJson(values.payload as string, 'the payload')
      const gameId = required(values, 'game')
      await withApi(required(values, 'db'), 'write', async (api) => {
        const step = await api.append(gameId, { type, actor, payload })
        await printWrite(io, step, api, gameId, at, values.json === true)
      })
      return 0
    },
  },
  roll: {
    usage: `${ARBITER} roll REQUEST FACES… --db FILE --game ID [--as PLAYER] [--json] | ${ARBITER} roll REQUEST --app …`,
    summary: 'Answer a dice request: the faces rolled at the table, or --app to let Arbiter roll them.',
    details: 'Faces are separated by spaces or commas (6 3 4 or 6,3,4). `status` shows the open requests.',
    flags: {
      db: dbFlag,
      game: gameFlag,
      as: asFlag('the player the request names'),
      app: { type: 'boolean', help: "roll with the app's random dice instead of typing faces" },
      json: writeJsonFlag,
      help: helpFlag,
    },
    positionals: { min: 1, max: 201, missing: 'the REQUEST id is missing (e.g. 6.1)' },
    examples: [
      `${ARBITER} roll 6.1 6 3 4 1 5 --db games.sqlite --game 4f1c…`,
      `${ARBITER} roll 7.1 --app --db games.sqlite --game 4f1c…`,
    ],
    async run(values, positionals, io) {
      const [requestId, ...typed] = positionals as [string, ...string[]]
      const faces = typed.flatMap((text) => text.split(',')).filter((text) => text !== '')
      if (values.app === true && faces.length > 0) throw new UsageError('give the faces or --app, not both')
      if (values.app !== true && faces.length === 0) throw new UsageError('give the faces rolled, or --app')
      const at = where(values)
      const gameId = required(values, 'game')
      await withApi(required(values, 'db'), 'write', async (api) => {
        // The request first: an option given to `roll` ("flee") is a choice's answer, not a bad die.
        const request = await openRequestOf(api, gameId, requestId, 'dice', at)
        for (const face of faces)
          if (!/^\d+$/.test(face)) throw new UsageError(`"${face}" is not a die face (a whole number like 4)`)
        const actor = optional(values, 'as') ?? request.roller
        const step =
          values.app === true
            ? await api.rollDice(gameId, requestId, actor)
            : await api.append(gameId, {
                type: 'DiceRolled',
                actor,
                payload: { requestId, faces: faces.map(Number), source: 'physical' },
              })
        await printWrite(io, step, api, gameId, at, values.json === true)
      })
      return 0
    },
  },
  choose: {
    usage: `${ARBITER} choose REQUEST OPTION --db FILE --game ID [--as PLAYER] [--json]`,
    summary: 'Answer a choice request with one of its options (`status` lists them).',
    flags: {
      db: dbFlag,
      game: gameFlag,
      as: asFlag('the player the request names'),
      json: writeJsonFlag,
      help: helpFlag,
    },
    positionals: { min: 2, max: 2, missing: 'give the REQUEST id and the OPTION chosen' },
    examples: [`${ARBITER} choose 12.1 flee --db games.sqlite --game 4f1c…`],
    async run(values, positionals, io) {
      const [requestId, option] = positionals as [string, string]
      const at = where(values)
      const gameId = required(values, 'game')
      await withApi(required(values, 'db'), 'write', async (api) => {
        const request = await openRequestOf(api, gameId, requestId, 'choice', at)
        const actor = optional(values, 'as') ?? request.chooser
        const step = await api.append(gameId, { type: 'ChoiceMade', actor, payload: { requestId, option } })
        await printWrite(io, step, api, gameId, at, values.json === true)
      })
      return 0
    },
  },
  status: {
    usage: `${ARBITER} status --db FILE --game ID [--json]`,
    summary: 'Where a game stands: turn, phase, the rolls and choices owed (and how to answer), what can be declared.',
    flags: {
      db: dbFlag,
      game: gameFlag,
      json: { type: 'boolean', help: 'print the status as one JSON object' },
      'current-rules': currentRulesFlag,
      help: helpFlag,
    },
    examples: [`${ARBITER} status --db games.sqlite --game 4f1c…`],
    async run(values, _p, io) {
      const at = where(values)
      const gameId = required(values, 'game')
      await withApi(
        required(values, 'db'),
        'read',
        async (api) => {
          const status = await api.status(gameId)
          io.stdout.write(values.json === true ? `${JSON.stringify(status)}\n` : statusText(status, at))
        },
        { underCurrentRules: values['current-rules'] === true },
      )
      return 0
    },
  },
  rules: {
    usage: `${ARBITER} rules --ruleset ID [--json]`,
    summary: 'List every rule of a ruleset with how Arbiter enforces it and the tests that show it.',
    details:
      'enforced: the engine applies and explains it; prompted: the engine asks the table what only it knows ' +
      '(distances, line of sight) at the right moment; reference: shown only. A test shows an entry when it ' +
      'cites it as explanations do (classic/killing-blow).',
    flags: {
      ruleset: { type: 'string', value: 'ID', help: `the ruleset (${rulesetIds().join(', ')})` },
      json: { type: 'boolean', help: 'one JSON array of {id, name, enforcement, params, tests}' },
      help: helpFlag,
    },
    examples: [`${ARBITER} rules --ruleset classic`, `${ARBITER} rules --ruleset classic --json`],
    async run(values, _p, io) {
      const id = required(values, 'ruleset')
      const known = rulesetIds()
      if (!known.includes(id)) {
        const guess = nearest(id, known)
        throw new UsageError(`no ruleset "${id}"${guess ? `; did you mean "${guess}"?` : ''}`)
      }
      const items = await ruleCoverageOf(id)
      io.stdout.write(values.json === true ? `${JSON.stringify(items, null, 2)}\n` : coverageText(id, items))
      return 0
    },
  },
  games: {
    usage: `${ARBITER} games --db FILE`,
    summary: 'List the games in FILE, each checked against its hash chain; a game that does not verify is named.',
    flags: { db: dbFlag, help: helpFlag },
    examples: [`${ARBITER} games --db games.sqlite`],
    async run(values, _p, io) {
      const file = required(values, 'db')
      return withApi(file, 'read', async (api) => {
        const games = await api.listGames()
        if (games.length === 0) io.stdout.write(`there are no games in ${file}\n`)
        let broken = 0
        for (const g of games) {
          if (!g.intact) {
            broken++
            io.stdout.write(`BROKEN ${g.gameId}: seq ${g.seq}: ${g.problem}\n`)
            continue
          }
          const title = g.title ? `  ${g.title}` : ''
          io.stdout.write(`${g.gameId}  ${g.ruleset}/${g.variant}  ${g.headSeq} events  ${g.createdAt}${title}\n`)
        }
        if (broken === 0) return 0
        const count = broken === 1 ? '1 game does' : `${broken} games do`
        io.stderr.write(`arbiter games: ${count} not verify (marked BROKEN above)\n`)
        return 1
      })
    },
  },
  replay: {
    usage: `${ARBITER} replay --db FILE --game ID [--explain] [--json] [--current-rules]`,
    summary:
      'Replay a game and print every step. The hash chain is checked first: a game that does not verify is refused.',
    flags: {
      db: dbFlag,
      game: gameFlag,
      explain: { type: 'boolean', help: 'print each step with its explanation tree (rules cited, seqs it rests on)' },
      json: { type: 'boolean', help: 'one JSON object a line (with --explain: explanation trees included)' },
      verify: {
        type: 'boolean',
        help: 'check the hash chain first: this is the default now, the flag is kept for old scripts',
      },
      'current-rules': currentRulesFlag,
      help: helpFlag,
    },
    examples: [`${ARBITER} replay --db demo.sqlite --game 4f1c… --explain`],
    async run(values, _p, io) {
      const explain = values.explain === true
      const json = values.json === true
      const file = required(values, 'db')
      const gameId = required(values, 'game')
      await withApi(
        file,
        'read',
        async (api) => {
          const replay = replaySteps(api, gameId)
          let next = await replay.next()
          for (; !next.done; next = await replay.next()) {
            const step = next.value
            if (json) io.stdout.write(`${stepJson(step, explain)}\n`)
            else io.stdout.write(`${explain ? explainedStep(step) : stepLine(step)}\n`)
          }
          if (json) return
          const open = next.value.openRequests.map((r) => `${r.id} (${r.text})`)
          const owed = open.length > 0 ? `open: ${open.join(', ')}` : 'no request is open'
          io.stdout.write(`replayed ${next.value.seq} events; ${owed}\n`)
        },
        { underCurrentRules: values['current-rules'] === true },
      )
      return 0
    },
  },
  export: {
    usage: `${ARBITER} export --db FILE --game ID --out FILE.jsonl`,
    summary: 'Write a game to a self-contained JSON Lines file a judge can check: one event a line, hashes included.',
    details: 'The chain is checked as it is read; the last line records the event count and head hash.',
    flags: {
      db: dbFlag,
      game: gameFlag,
      out: { type: 'string', value: 'FILE.jsonl', help: 'the file to write (replaced if it exists)' },
      help: helpFlag,
    },
    examples: [`${ARBITER} export --db demo.sqlite --game 4f1c… --out battle.jsonl`],
    async run(values, _p, io) {
      const out = required(values, 'out')
      const file = required(values, 'db')
      const gameId = required(values, 'game')
      checkNotSameFile(out, file)
      const events = await withApi(file, 'read', async (api) => {
        let count = 0
        async function* pages(): AsyncGenerator<string> {
          let fromSeq: number | null = 1
          while (fromSeq !== null) {
            const page = await api.exportGame(gameId, { fromSeq })
            count += page.events
            yield page.text
            fromSeq = page.nextSeq
          }
        }
        await writeChunks(out, pages())
        return count
      })
      io.stdout.write(`exported ${events} events to ${out}\n`)
      return 0
    },
  },
  import: {
    usage: `${ARBITER} import --db FILE FILE.jsonl [--current-rules] [--json]`,
    summary: 'Take an exported game into FILE (created if missing), verified and replayed whole before it is stored.',
    flags: {
      db: { ...dbFlag, help: 'the database to import into; created when it does not exist' },
      'current-rules': currentRulesFlag,
      json: {
        type: 'boolean',
        help: 'print what was imported as one JSON object: {gameId, step (its last), openRequests, events}',
      },
      help: helpFlag,
    },
    positionals: { min: 1, max: 1, missing: 'the FILE.jsonl to import is missing' },
    examples: [`${ARBITER} import --db games.sqlite battle.jsonl`],
    async run(values, positionals, io) {
      const source = positionals[0] as string
      const file = required(values, 'db')
      const text = readTextFile(source)
      // Checked before the database is opened, so a bad file creates nothing.
      const check = verifyExport(text)
      if (!check.ok) throw new ArbiterError('import/bad-line', check.problem)
      const result = await withApi(
        file,
        'create',
        async (api) => {
          const imported = await api.importGame(text)
          if (values.json !== true) return imported
          const { steps } = await api.replay(imported.gameId, { fromSeq: imported.events })
          const { openRequests } = await api.openGame(imported.gameId)
          const last = steps.at(-1) as StepView
          return { ...imported, json: writeJson(imported.gameId, last, openRequests, { events: imported.events }) }
        },
        { underCurrentRules: values['current-rules'] === true },
      )
      io.stdout.write(
        'json' in result ? `${result.json}\n` : `imported game ${result.gameId} (${result.events} events)\n`,
      )
      return 0
    },
  },
  verify: {
    usage: `${ARBITER} verify FILE.jsonl | ${ARBITER} verify --db FILE --game ID`,
    summary: 'Check a hash chain: exit 0 when it holds, 1 naming the first bad line (file) or seq (database).',
    details:
      'OK prints the head hash: compare it with the one noted at the table or in a report, to catch\n' +
      'a forger who rewrote every hash.',
    flags: { db: dbFlag, game: gameFlag, help: helpFlag },
    positionals: { min: 0, max: 1, missing: '' },
    examples: [`${ARBITER} verify battle.jsonl`, `${ARBITER} verify --db games.sqlite --game 4f1c…`],
    async run(values, positionals, io) {
      const source = positionals[0]
      if (source !== undefined) {
        if (values.db !== undefined || values.game !== undefined)
          throw new UsageError('give a file or --db and --game, not both')
        const result = verifyExport(readTextFile(source))
        if (!result.ok) {
          io.stdout.write(`BROKEN ${source}: ${result.problem}\n`)
          return 1
        }
        io.stdout.write(`OK ${source}: ${result.events} events, chain intact, head ${result.head}\n`)
        return 0
      }
      const gameId = required(values, 'game')
      return withApi(required(values, 'db'), 'read', async (api) => {
        const result = await api.verifyGame(gameId)
        if (!result.ok) {
          io.stdout.write(`BROKEN game ${gameId}: seq ${result.seq}: ${result.problem}\n`)
          return 1
        }
        io.stdout.write(`OK game ${gameId}: ${result.events} events, chain intact, head ${result.head}\n`)
        return 0
      })
    },
  },
}

function overview(): string {
  const lines = [`usage: ${ARBITER} <command> [flags]   (${ARBITER} <command> --help explains one)`, '', 'commands:']
  for (const [name, command] of Object.entries(commands)) lines.push(`  ${name.padEnd(8)} ${command.summary}`)
  return `${lines.join('\n')}\n`
}

/** Runs one command line; returns the exit code (0 ok, 1 refused or failed, 2 bad arguments). */
export async function main(argv: readonly string[], io: Io): Promise<number> {
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
