import type { IpcMainInvokeEvent, PrintToPDFOptions, WebPreferences } from 'electron'
import type { GameApi, ReportPdfSaved } from '../core/api/game-api-contract.js'
import { checkArgs } from '../core/api/method-args.js'
import { ArbiterError, toErrorData } from '../core/events/errors.js'
import type { IpcRegistrar } from './ipc.js'
import { type IpcResult, REPORT_PDF_CHANNEL } from './ipc-channels.js'

/**
 * The countries whose paper is US Letter (the Americas that use it, and the Philippines); everywhere else
 * prints on A4.
 */
const LETTER_COUNTRIES: ReadonlySet<string> = new Set([
  'US',
  'PR',
  'CA',
  'MX',
  'CL',
  'CO',
  'CR',
  'DO',
  'GT',
  'PA',
  'PH',
  'SV',
  'VE',
])

/** How the report is printed to PDF: on the paper of the user's country, with its backgrounds (the charts' fills). */
export function reportPdfOptions(countryCode: string): PrintToPDFOptions {
  return {
    pageSize: LETTER_COUNTRIES.has(countryCode.toUpperCase()) ? 'Letter' : 'A4',
    printBackground: true,
    // The paper of the user's country wins over a size the report's CSS may ask for.
    preferCSSPageSize: false,
    // About 1 cm all round (Electron's own default, said here so that every print of the report is alike);
    // margins the report's CSS sets in `@page` win over these.
    margins: { top: 0.4, bottom: 0.4, left: 0.4, right: 0.4 },
  }
}

/** The window the report is printed in: never shown, sandboxed, without scripts, Node or a preload. */
export function printWindowPreferences(): WebPreferences {
  return {
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    javascript: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    devTools: false,
  }
}

/** A PDF's file name beside the HTML report's (`bridge-report.html` is printed as `bridge-report.pdf`). */
export function pdfFileName(htmlFileName: string): string {
  return `${htmlFileName.replace(/\.html$/, '')}.pdf`
}

/** What the PDF channel needs of Electron and the game library (main.ts's; a test hands it stand-ins). */
export interface ReportPdfHost {
  readonly api: Pick<GameApi, 'report'>
  /** Arbiter's own window showing Arbiter's own page (main.ts's check for every channel). */
  isTrustedSender(event: IpcMainInvokeEvent): boolean
  /** The report page's address (`arbiter://app/report/<gameId>?lang=xx`, report-page.ts). */
  reportPageUrl(gameId: string, lang: string): string
  /** Loads `url` in a hidden print window (`printWindowPreferences`), prints it to PDF, and closes the window. */
  printToPdf(url: string, options: PrintToPDFOptions): Promise<Uint8Array>
  /** The user's country (Electron's `app.getLocaleCountryCode()`), for the paper. */
  countryCode(): string
  /** Asks where to save the PDF, `defaultName` offered; null when the user cancels. */
  askWhereToSave(defaultName: string): Promise<string | null>
  writeFile(path: string, data: Uint8Array): Promise<void>
}

/**
 * The one channel beside GameApi's (`arbiter:report:pdf`): the open game's battle report printed to PDF by
 * Chromium (`webContents.printToPDF` of a hidden, sandboxed, script-less window holding the HTML report), then
 * saved where the user says. Its arguments are `report`'s (a game, `{ lang }`), checked the same way; only
 * Arbiter's own window may ask. It answers `{ ok, value: { file, bytes } }` (`file` null when the user
 * cancels the save) or `{ ok: false, error }`. Returns the function that removes it.
 */
export function registerReportPdfIpc(ipcMain: IpcRegistrar, host: ReportPdfHost): () => void {
  ipcMain.handle(REPORT_PDF_CHANNEL, async (event, ...args: unknown[]): Promise<IpcResult> => {
    if (!host.isTrustedSender(event))
      return { ok: false, error: { code: 'host/unauthorized', message: 'saveReportPdf: refused from this page' } }
    try {
      return { ok: true, value: await saveReportPdf(host, args) }
    } catch (error) {
      return { ok: false, error: toErrorData(error) }
    }
  })
  return () => ipcMain.removeHandler(REPORT_PDF_CHANNEL)
}

async function saveReportPdf(host: ReportPdfHost, args: unknown[]): Promise<ReportPdfSaved> {
  const [gameId, options = {}] = checkArgs('report', args)
  if (options.format !== undefined && options.format !== 'html')
    throw new ArbiterError(
      'report/bad-format',
      `saveReportPdf: a PDF is printed from the HTML report, not "${options.format}"`,
    )
  // Written first: a game that cannot be reported is refused before any window opens, and it names the file.
  const report = await host.api.report(gameId, {
    format: 'html',
    ...(options.lang === undefined ? {} : { lang: options.lang }),
  })
  const pdf = await host.printToPdf(host.reportPageUrl(gameId, report.lang), reportPdfOptions(host.countryCode()))
  const file = await host.askWhereToSave(pdfFileName(report.fileName))
  if (file === null) return { file: null, bytes: pdf.byteLength }
  await host.writeFile(file, pdf)
  return { file, bytes: pdf.byteLength }
}
