import { ArbiterError } from '../events/errors.js'
import { REPORT_LANGS, REPORT_VERSION, type ReportFormat, type ReportLang, type ReportModel } from './types.js'

/**
 * The stamp a report carries so that whoever holds the game's exported log can check it (`arbiter verify --report`):
 * which game, at which head, and how it was written. Verifying writes the report again from the log with the same
 * format and language and compares the bytes, so any edit — a figure, a sentence, the hash — is found.
 */
export interface ReportMeta {
  readonly arbiter: 'battle-report'
  readonly version: number
  readonly gameId: string
  readonly headSeq: number
  readonly headHash: string
  readonly format: ReportFormat
  readonly lang: ReportLang
}

export function reportMetaOf(model: ReportModel, format: ReportFormat): ReportMeta {
  return {
    arbiter: 'battle-report',
    version: REPORT_VERSION,
    gameId: model.log.gameId,
    headSeq: model.log.headSeq,
    headHash: model.log.headHash,
    format,
    lang: model.lang,
  }
}

const HTML_META = /<meta name="arbiter-report" content="([^"]*)">/
const MD_META = /^<!-- arbiter-report (\{[^\n]*\}) -->$/m

/** The stamp as the report writes it: a `<meta>` in the HTML head, the first line of the Markdown. */
export function reportMetaLine(meta: ReportMeta): string {
  const json = JSON.stringify(meta)
  if (meta.format === 'html') return `<meta name="arbiter-report" content="${json.replaceAll('"', '&quot;')}">`
  return `<!-- arbiter-report ${json} -->`
}

function badReport(message: string): never {
  throw new ArbiterError('report/not-a-report', message)
}

/** Reads the stamp of a report's text; a clear error when the text is no Arbiter report or its stamp is damaged. */
export function readReportMeta(text: string): ReportMeta {
  const html = HTML_META.exec(text)
  const md = html ? null : MD_META.exec(text)
  const raw = html ? (html[1] as string).replaceAll('&quot;', '"') : md?.[1]
  if (raw === undefined)
    badReport(
      'this is not an Arbiter battle report: it has no arbiter-report stamp (a <meta> in HTML, a first-line comment in Markdown)',
    )
  let meta: unknown
  try {
    meta = JSON.parse(raw)
  } catch {
    badReport("the report's arbiter-report stamp is not valid JSON: it was edited")
  }
  const m = meta as Partial<ReportMeta>
  if (m === null || typeof m !== 'object' || m.arbiter !== 'battle-report')
    badReport("the report's arbiter-report stamp does not name a battle report")
  if (m.version !== REPORT_VERSION)
    badReport(`the report is of version ${String(m.version)}; this Arbiter writes and checks version ${REPORT_VERSION}`)
  if (typeof m.gameId !== 'string' || typeof m.headHash !== 'string' || !Number.isInteger(m.headSeq))
    badReport("the report's stamp lacks its game, head seq or head hash")
  if (m.format !== (html ? 'html' : 'md'))
    badReport(`the report's stamp says format ${String(m.format)}, but it is ${html ? 'HTML' : 'Markdown'}`)
  if (!REPORT_LANGS.includes(m.lang as ReportLang))
    badReport(`the report's stamp names an unknown language ${String(m.lang)}`)
  return m as ReportMeta
}

/** A language a report can be written in, or a clear error naming those there are. */
export function reportLang(lang: string | undefined): ReportLang {
  if (lang === undefined) return 'en'
  if ((REPORT_LANGS as readonly string[]).includes(lang)) return lang as ReportLang
  throw new ArbiterError(
    'report/bad-lang',
    `no report language "${lang}": reports are written in ${REPORT_LANGS.join(', ')}`,
  )
}
