import type { GameApi, ReportText } from '../core/api/game-api-contract.js'
import { REPORT_PAGE_PREFIX } from '../core/api/report-page.js'
import { type ErrorData, toErrorData } from '../core/events/errors.js'
import { dispatchCall } from './dispatch.js'

/*
 * The battle report as a page of its own, for the app's preview frame and the desktop app's PDF: both hosts
 * serve `/report/<gameId>[?lang=xx]` (core/api/report-page.ts; the web host with its token in the query as well,
 * arbiter://app/ in Electron). It is a read like `report`, checked the same way (its arguments, then
 * LocalGameApi), and always the HTML report, byte for byte what `api.report(gameId, { format: 'html', lang })`
 * answers.
 */
export { REPORT_PAGE_PREFIX, reportPagePath } from '../core/api/report-page.js'

/**
 * The report's own policy, stricter than the app's: nothing runs and nothing loads (its styles are inline,
 * its charts inline SVG, a picture at most a data: URL); it may be framed by Arbiter's own page only, and it
 * is sandboxed even when opened on its own (same origin kept so that the page can print the frame).
 */
export const REPORT_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; " +
  "form-action 'none'; frame-ancestors 'self'; sandbox allow-same-origin allow-modals"

/** What a report page's address asks for. */
export interface ReportPageRequest {
  readonly gameId: string
  readonly lang: string | undefined
}

/** The game and language a report page's address names, or null when the address is not a report page's. */
export function reportPageRequestOf(url: URL): ReportPageRequest | null {
  if (!url.pathname.startsWith(REPORT_PAGE_PREFIX)) return null
  const rest = url.pathname.slice(REPORT_PAGE_PREFIX.length)
  if (rest === '' || rest.includes('/')) return null
  let gameId: string
  try {
    gameId = decodeURIComponent(rest)
  } catch {
    return null
  }
  return { gameId, lang: url.searchParams.get('lang') ?? undefined }
}

/** A host's answer, as plain parts: each host builds its own response from them. */
export interface ReportPageAnswer {
  readonly status: 200 | 400 | 404 | 500
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  readonly error?: ErrorData
}

const HEADERS = {
  'Content-Security-Policy': REPORT_PAGE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
}

/**
 * The report page: the HTML report under its own policy, or a refusal said plainly as text (`code: message`),
 * the status telling a missing game (404) from bad arguments or a refusal (400).
 */
export async function reportPageAnswer(
  api: Pick<GameApi, 'report'>,
  request: ReportPageRequest,
): Promise<ReportPageAnswer> {
  const options = request.lang === undefined ? { format: 'html' } : { format: 'html', lang: request.lang }
  try {
    const report = (await dispatchCall(api as GameApi, 'report', [request.gameId, options])) as ReportText
    return { status: 200, headers: { ...HEADERS, 'Content-Type': 'text/html; charset=utf-8' }, body: report.text }
  } catch (thrown) {
    const error = toErrorData(thrown)
    const status = error.code === 'store/unknown-game' ? 404 : error.code === 'api/unexpected' ? 500 : 400
    return {
      status,
      headers: { ...HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
      body: `No battle report: ${error.message} (${error.code})\n`,
      error,
    }
  }
}
