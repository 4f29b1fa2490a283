import { ArbiterError, createDemoGame, type StepView, verifyExport } from '../api/index.js'
import { ARBITER, dbFlag, gameFlag, helpFlag, optional, required, UsageError } from './args.js'
import {
  asFlag,
  type Command,
  currentRulesFlag,
  openRequestOf,
  parseJson,
  printWrite,
  where,
  withApi,
  writeJsonFlag,
} from './command.js'
import { declareFlags, parseDeclare } from './declare-flags.js'
import { declareOverview, declareTypeHelp } from './declare-help.js'
import { readTextFile } from './files.js'
import { stepLine, writeJson } from './print.js'

/** The commands that record: a game, an army, a declaration, an answer, an imported game. */
export const writeCommands = {
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
      '[--ruleset R] [--variant V] [--title T] [--turns N] [--as PLAYER] [--json]',
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
      turns: { type: 'string', value: 'N', help: 'turns each player plays before the game ends (default: 6)' },
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
      const turns = optional(values, 'turns')
      if (turns !== undefined && !/^\d+$/.test(turns))
        throw new UsageError(`--turns takes a whole number, not "${turns}"`)
      const gameId = await withApi(file, 'create', async (api) => {
        const { gameId, step } = await api.createGame({
          ruleset: optional(values, 'ruleset') ?? 'classic',
          ...(variant === undefined ? {} : { variant }),
          players,
          ...(title === undefined ? {} : { title }),
          ...(turns === undefined ? {} : { turns: Number(turns) }),
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
} satisfies Record<string, Command>
