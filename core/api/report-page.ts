/**
 * Where a host serves a game's battle report as a page of its own (electron/report-page.ts): the app's preview
 * frame and the desktop app's PDF load it. The web host also wants its token in the query (a frame cannot send
 * a header); the client adds it.
 */
export const REPORT_PAGE_PREFIX = '/report/'

/** The report page's path and query for a game, in `lang` (the host's default language when absent). */
export function reportPagePath(gameId: string, lang?: string): string {
  const query = lang === undefined ? '' : `?lang=${encodeURIComponent(lang)}`
  return `${REPORT_PAGE_PREFIX}${encodeURIComponent(gameId)}${query}`
}
