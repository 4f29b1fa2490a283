import {
  type ChainCheck,
  problemAfterSeq,
  replaySteps,
  rulesetIds,
  type SignatureSummary,
  signatureSentence,
  signedToTheEnd,
  verifyExportedGame,
} from '../api/index.js'
import { ARBITER, dbFlag, gameFlag, helpFlag, knownValue, required, UsageError } from './args.js'
import { type Command, currentRulesFlag, where, withApi } from './command.js'
import { checkNotSameFile, readTextFile, writeChunks } from './files.js'
import { checksLines, explainedStep, statusText, stepJson, stepLine } from './print.js'
import { reportFlag, verifyReport } from './report-commands.js'
import { coverageText, ruleCoverageOf } from './rule-coverage.js'
import { oneLine } from './safe-output.js'

/** The commands that only read: they never create or change a file. */
export const readCommands = {
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
          if (values.json === true) {
            io.stdout.write(`${JSON.stringify(status)}\n`)
            return
          }
          // The head hash to note at the table, and how far the game is signed (each signature checked).
          const signing = await api.signatures(gameId)
          const head = `head #${signing.head.seq} ${signing.head.hash.slice(0, 12)}: ${signatureSentence(signing.summary)}`
          io.stdout.write(`${statusText(status, at)}${oneLine(head)}\n`)
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
      const id = knownValue('ruleset', required(values, 'ruleset'), rulesetIds())
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
            io.stdout.write(`BROKEN ${g.gameId}: seq ${g.seq}: ${oneLine(g.problem)}\n`)
            continue
          }
          const title = g.title ? `  ${oneLine(g.title)}` : ''
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
            else io.stdout.write(`${explain ? explainedStep(step, true) : stepLine(step, true)}\n`)
          }
          for (const line of checksLines(next.value.checks)) io.stderr.write(`${line}\n`)
          if (json) return
          const open = next.value.openRequests.map((r) => `${r.id} (${oneLine(r.text)})`)
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
  verify: {
    usage:
      `${ARBITER} verify FILE.jsonl | ${ARBITER} verify --db FILE --game ID | ${ARBITER} verify --report REPORT FILE.jsonl` +
      '  [--signed] [--current-rules]',
    summary:
      'Check a game whole: hash chain, a replay under its rules, keys, signatures and (--db) every stored snapshot;' +
      ' exit 1 naming the first bad line or seq, or each snapshot that is not the replay.',
    details:
      'OK prints the head hash and how far the game is signed ("signed by both through seq N (turn T);\n' +
      'K events after it unsigned"). A game without keys verifies as unsigned. --signed also asks that\n' +
      'every player signed the end of the game with nothing after it: a log cut short fails it.\n' +
      '--report also checks a battle report against the log: written again from it, the same bytes (docs/reports.md).',
    flags: {
      db: dbFlag,
      game: gameFlag,
      report: reportFlag,
      signed: { type: 'boolean', help: 'exit 1 unless every player signed the end of the game, with nothing after it' },
      'current-rules': currentRulesFlag,
      help: helpFlag,
    },
    positionals: { min: 0, max: 1, missing: '' },
    examples: [
      `${ARBITER} verify battle.jsonl`,
      `${ARBITER} verify battle.jsonl --signed`,
      `${ARBITER} verify --db games.sqlite --game 4f1c…`,
      `${ARBITER} verify --report battle.html battle.jsonl`,
    ],
    async run(values, positionals, io) {
      const source = positionals[0]
      const underCurrentRules = values['current-rules'] === true
      const report = (what: string, result: ChainCheck): number => {
        if (!result.ok) {
          // Stored snapshots that are not what the events give: each named by its seq.
          for (const { seq, problem } of result.snapshots ?? [result])
            io.stdout.write(`BROKEN ${what}: seq ${seq}: ${oneLine(problemAfterSeq(seq, problem))}\n`)
          return 1
        }
        io.stdout.write(`OK ${what}: ${result.events} events, chain intact, head ${result.head}\n`)
        const signatures = result.signatures as SignatureSummary
        io.stdout.write(`rules: every event replays; ${oneLine(signatureSentence(signatures))}\n`)
        if (values.signed !== true || signedToTheEnd(signatures)) return 0
        io.stdout.write(
          `NOT SIGNED ${what}: the end of the game is not signed by every player with nothing after it: ` +
            'the log was cut short, or the game is not over\n',
        )
        return 1
      }
      if (source !== undefined) {
        if (values.db !== undefined || values.game !== undefined)
          throw new UsageError('give a file or --db and --game, not both')
        const checked =
          typeof values.report === 'string'
            ? await verifyReport(values.report, source, underCurrentRules, io)
            : await verifyExportedGame(readTextFile(source), underCurrentRules)
        if (!checked.ok && 'line' in checked) {
          io.stdout.write(`BROKEN ${source}: ${oneLine(checked.problem)}\n`)
          return 1
        }
        return report(source, checked)
      }
      if (values.report !== undefined)
        throw new UsageError(
          `give the exported log to check the report against: verify --report ${values.report} LOG.jsonl`,
        )
      const gameId = required(values, 'game')
      return withApi(
        required(values, 'db'),
        'read',
        async (api) => report(`game ${gameId}`, await api.verifyGame(gameId)),
        { underCurrentRules },
      )
    },
  },
} satisfies Record<string, Command>
