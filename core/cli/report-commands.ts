import { extname } from 'node:path'
import { ArbiterError, LocalGameApi, verifyExportedGame } from '../api/index.js'
import { type ReportMeta, readReportMeta, reportLang } from '../report/meta.js'
import { REPORT_LANGS, type ReportFormat } from '../report/types.js'
import { ARBITER, dbFlag, gameFlag, helpFlag, required } from './args.js'
import { type Command, currentRulesFlag, type Io, withApi } from './command.js'
import { checkNotSameFile, checkOutputPath, readTextFile, writeChunks } from './files.js'
import { findBrowser, printPdf } from './pdf-print.js'
import { oneLine } from './safe-output.js'

type CliFormat = ReportFormat | 'pdf'
const CLI_FORMATS: readonly CliFormat[] = ['md', 'html', 'pdf']

function cliFormat(format: string): CliFormat {
  if ((CLI_FORMATS as readonly string[]).includes(format)) return format as CliFormat
  throw new ArbiterError(
    'report/bad-format',
    `no report format "${format}": the formats are md (Markdown), html (one self-contained page) and pdf ` +
      '(that page printed by a headless Chromium)',
  )
}

/** A hash as a reader compares it by eye: its first 12 characters. */
const short = (hash: string) => `${hash.slice(0, 12)}…`

/** The battle report: written from a read-only open of the library; nothing in it changes. */
export const reportCommands = {
  report: {
    usage: `${ARBITER} report --db FILE --game ID --format md|html|pdf --out FILE [--lang en]`,
    summary: 'Write the battle report of a game (armies, result, story, luck of the dice) as Markdown, HTML or PDF.',
    details:
      'The report names the log it tells (the game, its head hash, its signatures): whoever holds the exported\n' +
      `log checks it with \`${ARBITER} verify --report REPORT LOG.jsonl\`. A PDF is the HTML page printed by a\n` +
      'headless Chromium, Chrome or Edge: ARBITER_CHROMIUM names one, else chromium, chromium-browser,\n' +
      'google-chrome, google-chrome-stable or microsoft-edge on PATH, else the usual install places. Without\n' +
      'one, write --format html and print it from a browser. Only reads: the database is left as it was.\n' +
      'See docs/reports.md.',
    flags: {
      db: dbFlag,
      game: gameFlag,
      format: { type: 'string', value: 'md|html|pdf', help: 'Markdown, one self-contained HTML page, or a PDF' },
      out: { type: 'string', value: 'FILE', help: 'the file to write (replaced if it exists; never half-written)' },
      lang: {
        type: 'string',
        value: 'LANG',
        help: `the language it is written in: ${REPORT_LANGS.join(', ')} (default en)`,
      },
      'current-rules': currentRulesFlag,
      help: helpFlag,
    },
    examples: [
      `${ARBITER} report --db games.sqlite --game 4f1c… --format html --out battle.html`,
      `${ARBITER} report --db games.sqlite --game 4f1c… --format pdf --out battle.pdf`,
    ],
    async run(values, _p, io) {
      const file = required(values, 'db')
      const gameId = required(values, 'game')
      const format = cliFormat(required(values, 'format'))
      const out = required(values, 'out')
      // Everything that can be refused is, before the library is opened or a browser started.
      const lang = reportLang(typeof values.lang === 'string' ? values.lang : undefined)
      checkOutputPath(out)
      checkNotSameFile(out, file)
      const browser = format === 'pdf' ? findBrowser() : null
      const report = await withApi(
        file,
        'read',
        (api) => api.report(gameId, { format: format === 'pdf' ? 'html' : format, lang }),
        { underCurrentRules: values['current-rules'] === true },
      )
      const bytes = browser === null ? report.text : await printPdf(report.text, { browser })
      await writeChunks(out, [bytes])
      const printed = browser === null ? '' : `; printed by ${browser}`
      io.stdout.write(
        `wrote the ${format} report of ${oneLine(report.title)} (game ${gameId}, head #${report.headSeq} ` +
          `${short(report.headHash)}, ${report.lang}) to ${out}${printed}\n`,
      )
      return 0
    },
  },
} satisfies Record<string, Command>

/** The --report flag of `verify`. */
export const reportFlag = {
  type: 'string',
  value: 'REPORT',
  help: 'check a battle report (.html or .md) against the exported log given as FILE.jsonl: the same bytes',
} as const

function doesNotMatch(message: string): never {
  throw new ArbiterError('report/does-not-match', message)
}

/** Text set in a message: control characters visible, cut to `width` around where it matters. */
function excerpt(text: string, from: number, width = 72): string {
  const start = Math.max(0, from - 24)
  const cut = text.slice(start, start + width)
  const shown = JSON.stringify(cut).slice(1, -1)
  return `${start > 0 ? '…' : ''}${shown}${start + width < text.length ? '…' : ''}`
}

/** Where two texts first differ, in words: the line and column, and both versions cut to a readable length. */
export function firstDifference(report: string, fromLog: string): string {
  let at = 0
  while (at < report.length && at < fromLog.length && report[at] === fromLog[at]) at++
  const line = report.slice(0, at).split('\n').length
  const lineStart = report.lastIndexOf('\n', at - 1) + 1
  const lineOf = (text: string) => {
    const end = text.indexOf('\n', lineStart)
    return text.slice(lineStart, end < 0 ? text.length : end)
  }
  const column = at - lineStart
  const where = `line ${line}${column > 0 ? `, column ${column + 1}` : ''}`
  if (at === report.length) return `the report stops at ${where}, where the log's goes on: "${excerpt(fromLog, at)}"`
  if (at === fromLog.length)
    return `the report goes on past the end of the log's, at ${where}: "${excerpt(report, at)}"`
  return (
    `they differ from ${where}: the report has "${excerpt(lineOf(report), column)}" where the log gives ` +
    `"${excerpt(lineOf(fromLog), column)}"`
  )
}

/** The hash of the event at `seq` of an exported log (line `seq` holds it), or null. */
function hashAtSeq(log: string, seq: number): string | null {
  let start = 0
  for (let line = 1; line < seq; line++) {
    start = log.indexOf('\n', start) + 1
    if (start === 0) return null
  }
  const end = log.indexOf('\n', start)
  try {
    const envelope = JSON.parse(log.slice(start, end < 0 ? undefined : end)) as { seq?: unknown; hash?: unknown }
    return envelope.seq === seq && typeof envelope.hash === 'string' ? envelope.hash : null
  } catch {
    return null
  }
}

/** The report's game and head against the log's: which differs, in words. */
function checkStampAgainstLog(meta: ReportMeta, log: string, gameId: string, events: number, head: string): void {
  if (meta.gameId !== gameId)
    doesNotMatch(`the report is of game ${meta.gameId}, but the log is of game ${gameId}: another game`)
  if (meta.headHash === head && meta.headSeq === events) return
  const earlier =
    meta.headSeq < events && hashAtSeq(log, meta.headSeq) === meta.headHash
      ? `; the log holds that head at seq ${meta.headSeq}: the report tells the game as it stood ` +
        `${events - meta.headSeq} event(s) before the log's end (write it again, or check it against the log exported then)`
      : ''
  doesNotMatch(
    `the report names head ${short(meta.headHash)} (seq ${meta.headSeq}) but the log's head is ${short(head)} ` +
      `(seq ${events})${earlier}`,
  )
}

/**
 * `verify --report REPORT LOG.jsonl`: the log checked whole without any database (returned as it is when it does not
 * verify), imported into a library in memory, the report written again from it with the stamp's format and language,
 * and the two compared byte for byte. Writes nothing anywhere. Returns the log's check when the report is the one it
 * gives (`verify` then says how far the log is signed); `report/does-not-match` naming what differs otherwise.
 */
export async function verifyReport(
  reportPath: string,
  logPath: string,
  underCurrentRules: boolean,
  io: Io,
): Promise<Awaited<ReturnType<typeof verifyExportedGame>>> {
  const text = readTextFile(reportPath)
  if (text.startsWith('%PDF-') || extname(reportPath).toLowerCase() === '.pdf')
    throw new ArbiterError(
      'report/not-a-report',
      `${reportPath} is a PDF, which cannot be checked byte for byte: check the HTML it was printed from ` +
        `(\`${ARBITER} verify --report REPORT.html ${logPath}\`); the PDF is that page printed`,
    )
  let meta: ReportMeta
  try {
    meta = readReportMeta(text)
  } catch (error) {
    if (error instanceof ArbiterError) throw new ArbiterError(error.code, `${reportPath}: ${error.message}`)
    throw error
  }
  const log = readTextFile(logPath)
  const checked = await verifyExportedGame(log, underCurrentRules)
  if (!checked.ok) return checked
  // A verified log's first line is its GameCreated, which names the game.
  const gameId = (JSON.parse(log.slice(0, log.indexOf('\n'))) as { gameId: string }).gameId
  checkStampAgainstLog(meta, log, gameId, checked.events, checked.head)
  const api = await LocalGameApi.open(':memory:', { host: 'cli', underCurrentRules })
  let fromLog: string
  try {
    await api.importGame(log)
    fromLog = (await api.report(gameId, { format: meta.format, lang: meta.lang })).text
  } finally {
    await api.close()
  }
  if (fromLog !== text)
    doesNotMatch(`${reportPath} is not the report ${logPath} gives: ${firstDifference(text, fromLog)}`)
  io.stdout.write(
    `OK ${reportPath}: the report ${logPath} gives, byte for byte (${meta.format}, ${meta.lang}), ` +
      `of game ${gameId} at head #${checked.events}\n`,
  )
  return checked
}
