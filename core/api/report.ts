import { slug } from '../engine/params.js'
import { ArbiterError } from '../events/errors.js'
import { buildReport } from '../report/build.js'
import { renderHtml } from '../report/html.js'
import { renderMarkdown } from '../report/markdown.js'
import { reportLang } from '../report/meta.js'
import type { ReportFormat, ReportLang, ReportModel } from '../report/types.js'
import type { EventStore } from '../store/event-store.js'
import type { GameLoader } from './game-loader.js'
import { type SigningView, signatureSentence } from './signatures.js'

export interface ReportOptions {
  /** `md` (Markdown) or `html` (one self-contained page; its print is the PDF). Default `html`. */
  readonly format?: ReportFormat
  /** The language it is written in (`en`). */
  readonly lang?: string
}

/** A battle report written out, with what names it: the file name to save it as, and the log head it tells of. */
export interface ReportText {
  readonly format: ReportFormat
  readonly lang: ReportLang
  readonly title: string
  readonly fileName: string
  readonly text: string
  readonly headSeq: number
  readonly headHash: string
}

const FORMATS: readonly ReportFormat[] = ['md', 'html']

export function reportFormat(format: string | undefined): ReportFormat {
  if (format === undefined) return 'html'
  if ((FORMATS as readonly string[]).includes(format)) return format as ReportFormat
  throw new ArbiterError(
    'report/bad-format',
    `no report format "${format}": the formats are ${FORMATS.join(', ')} (and pdf from the hosts)`,
  )
}

/** The report model of a game, the whole chain checked first, from its checked signatures (`signing`). */
export function reportModelOf(
  store: EventStore,
  loader: GameLoader,
  gameId: string,
  lang: ReportLang,
  signing: SigningView,
): ReportModel {
  loader.assertWholeChain(gameId)
  const { engine } = loader.engineOf(gameId)
  const events = [...store.readEvents(gameId, { forFold: true })]
  const signatures = signing.summary.signed.map(({ player, seq, head, turn, end }) => ({
    player,
    seq,
    head,
    turn,
    end,
  }))
  const log = {
    gameId,
    headSeq: signing.head.seq,
    headHash: signing.head.hash,
    signatures,
    signed: signatureSentence(signing.summary),
  }
  return buildReport({ engine, events, log, lang })
}

/** A game's battle report as text, in `options.format` and `options.lang`; bad options are refused by name. */
export function reportOf(
  store: EventStore,
  loader: GameLoader,
  gameId: string,
  options: ReportOptions,
  signing: SigningView,
): ReportText {
  const format = reportFormat(options.format)
  const lang = reportLang(options.lang)
  const model = reportModelOf(store, loader, gameId, lang, signing)
  const text = format === 'md' ? renderMarkdown(model) : renderHtml(model)
  const name = slug(model.title).slice(0, 60) || 'battle'
  return {
    format,
    lang,
    title: model.title,
    fileName: `${name}-report.${format}`,
    text,
    headSeq: model.log.headSeq,
    headHash: model.log.headHash,
  }
}
