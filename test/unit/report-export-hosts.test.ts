import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { IpcMainInvokeEvent, PrintToPDFOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { createDemoGame } from '../../core/api/demo-game.js'
import type { LocalGameApi } from '../../core/api/index.js'
import type { IpcRegistrar } from '../../electron/ipc.js'
import { REPORT_PDF_CHANNEL } from '../../electron/ipc-channels.js'
import { REPORT_PAGE_CSP, reportPagePath, reportPageRequestOf } from '../../electron/report-page.js'
import {
  pdfFileName,
  printWindowPreferences,
  type ReportPdfHost,
  registerReportPdfIpc,
  reportPdfOptions,
} from '../../electron/report-pdf.js'
import { LIBRARY_SCOPE } from '../../electron/screen-scope.js'
import { createWebApp } from '../../electron/web-host.js'
import { openApi } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>

function fakeIpcMain(): IpcRegistrar & { handlers: Map<string, Handler> } {
  const handlers = new Map<string, Handler>()
  return {
    handlers,
    handle: (channel: string, handler: Handler) => handlers.set(channel, handler),
    removeHandler: (channel: string) => handlers.delete(channel),
  } as unknown as IpcRegistrar & { handlers: Map<string, Handler> }
}

const trusted = { sender: 'arbiter window' } as unknown as IpcMainInvokeEvent
const stranger = { sender: 'another page' } as unknown as IpcMainInvokeEvent

/** The PDF channel over a real library, with Electron's part played by recorders. */
function pdfChannel(api: LocalGameApi, options: { country?: string; saveAs?: string | null } = {}) {
  const printed: { url: string; options: PrintToPDFOptions }[] = []
  const asked: string[] = []
  const written: { path: string; data: Uint8Array }[] = []
  const pdf = new TextEncoder().encode('%PDF-1.7 a report')
  const host: ReportPdfHost = {
    api,
    isTrustedSender: (event) => event === trusted,
    reportPageUrl: (gameId, lang) => `arbiter://app${reportPagePath(gameId, lang)}`,
    printToPdf: async (url, printOptions) => {
      printed.push({ url, options: printOptions })
      return pdf
    },
    countryCode: () => options.country ?? 'GB',
    askWhereToSave: async (name) => {
      asked.push(name)
      return options.saveAs === undefined ? `/tmp/${name}` : options.saveAs
    },
    writeFile: async (path, data) => {
      written.push({ path, data })
    },
  }
  const ipcMain = fakeIpcMain()
  const unregister = registerReportPdfIpc(ipcMain, host)
  const invoke = (event: IpcMainInvokeEvent, ...args: unknown[]) =>
    ipcMain.handlers.get(REPORT_PDF_CHANNEL)!(event, ...args)
  return { ipcMain, unregister, invoke, printed, asked, written, pdf }
}

describe('the report PDF channel (arbiter:report:pdf)', () => {
  it('prints the HTML report page on A4 with its backgrounds, asks where, and saves the bytes', async () => {
    const api = await openApi(tempDir())
    const gameId = await createDemoGame(api)
    const channel = pdfChannel(api)
    const report = await api.report(gameId, { format: 'html' })
    const answer = await channel.invoke(trusted, gameId)
    const file = `/tmp/${report.fileName.replace(/\.html$/, '.pdf')}`
    expect(answer).toEqual({ ok: true, value: { file, bytes: channel.pdf.byteLength } })
    expect(channel.printed).toEqual([
      {
        url: `arbiter://app/report/${gameId}?lang=en`,
        options: {
          pageSize: 'A4',
          printBackground: true,
          preferCSSPageSize: false,
          margins: { top: 0.4, bottom: 0.4, left: 0.4, right: 0.4 },
        },
      },
    ])
    expect(channel.asked).toEqual([report.fileName.replace(/\.html$/, '.pdf')])
    expect(channel.written).toEqual([{ path: file, data: channel.pdf }])
    channel.unregister()
    expect(channel.ipcMain.handlers.size).toBe(0)
    await api.close()
  })

  it('prints on Letter where the country uses it; a cancelled save writes nothing', async () => {
    const api = await openApi(tempDir())
    const gameId = await createDemoGame(api)
    const channel = pdfChannel(api, { country: 'us', saveAs: null })
    expect(await channel.invoke(trusted, gameId, { lang: 'en' })).toEqual({
      ok: true,
      value: { file: null, bytes: channel.pdf.byteLength },
    })
    expect(channel.printed[0]!.options.pageSize).toBe('Letter')
    expect(channel.written).toEqual([])
    expect(reportPdfOptions('CA').pageSize).toBe('Letter')
    expect(reportPdfOptions('DE').pageSize).toBe('A4')
    await api.close()
  })

  it('refuses a foreign page, bad arguments and another format before any window prints', async () => {
    const api = await openApi(tempDir())
    const gameId = await createDemoGame(api)
    const channel = pdfChannel(api)
    expect(await channel.invoke(stranger, gameId)).toEqual({
      ok: false,
      error: { code: 'host/unauthorized', message: 'saveReportPdf: refused from this page' },
    })
    expect(await channel.invoke(trusted, 42)).toMatchObject({
      ok: false,
      error: { code: 'api/bad-arguments', message: expect.stringMatching(/^report: argument 1: /) },
    })
    expect(await channel.invoke(trusted, gameId, { lang: 'en', paper: 'A3' })).toMatchObject({
      ok: false,
      error: { code: 'api/bad-arguments' },
    })
    expect(await channel.invoke(trusted, gameId, { format: 'md' })).toMatchObject({
      ok: false,
      error: { code: 'report/bad-format' },
    })
    expect(await channel.invoke(trusted, gameId, { lang: 'tlh' })).toMatchObject({
      ok: false,
      error: { code: 'report/bad-lang' },
    })
    expect(await channel.invoke(trusted, 'no-such-game')).toMatchObject({
      ok: false,
      error: { code: 'store/unknown-game' },
    })
    expect(channel.printed).toEqual([])
    expect(channel.asked).toEqual([])
    await api.close()
  })

  it('prints in a window that runs nothing: sandboxed, no scripts, no Node, no preload, no DevTools', () => {
    const preferences = printWindowPreferences()
    expect(preferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
      devTools: false,
    })
    expect(preferences).not.toHaveProperty('preload')
    expect(pdfFileName('bridge-report.html')).toBe('bridge-report.pdf')
  })
})

describe('the report page', () => {
  it('reads its game and language from the address, and nothing else', () => {
    expect(reportPageRequestOf(new URL('arbiter://app/report/g%201?lang=en'))).toEqual({ gameId: 'g 1', lang: 'en' })
    expect(reportPageRequestOf(new URL('http://h/report/abc'))).toEqual({ gameId: 'abc', lang: undefined })
    expect(reportPageRequestOf(new URL('http://h/report/'))).toBeNull()
    expect(reportPageRequestOf(new URL('http://h/report/a/b'))).toBeNull()
    expect(reportPageRequestOf(new URL('http://h/index.html'))).toBeNull()
    expect(reportPagePath('g 1', 'en')).toBe('/report/g%201?lang=en')
  })

  it('the web host serves it with the token alone, under its own policy, and a second screen its own game only', async () => {
    const dir = tempDir()
    const rendererDir = join(dir, 'renderer')
    mkdirSync(rendererDir, { recursive: true })
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><arbiter-app></arbiter-app>')
    const api = await openApi(dir)
    const gameId = await createDemoGame(api)
    const players = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ]
    const other = (await api.createGame({ ruleset: 'classic', players, actor: 'a' })).gameId
    const address = '127.0.0.1:4000'
    const host = (scope = LIBRARY_SCOPE) =>
      createWebApp({ api, rendererDir, token: 'T', address, port: 4000, scope }).app
    const get = (app: ReturnType<typeof host>, path: string, headers: Record<string, string> = {}) =>
      app.fetch(new Request(`http://${address}${path}`, { headers: { host: address, ...headers } }))

    const library = host()
    const page = await get(library, `/report/${gameId}?token=T`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(REPORT_PAGE_CSP)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await page.text()).toBe((await api.report(gameId, { format: 'html' })).text)

    // The files cookie the page's first answer sets opens the page's files, never a game's report.
    const first = await get(library, '/?token=T')
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!
    expect((await get(library, '/index.html', { cookie })).status).toBe(200)
    expect((await get(library, `/report/${gameId}`, { cookie })).status).toBe(401)
    expect((await get(library, `/report/${gameId}?token=X`)).status).toBe(401)
    const badLang = await get(library, `/report/${gameId}?token=T&lang=tlh`)
    expect(badLang.status).toBe(400)
    expect(await badLang.text()).toContain('(report/bad-lang)')

    const screen = host({ kind: 'game', gameId })
    expect((await get(screen, `/report/${gameId}?token=T`)).status).toBe(200)
    const refused = await get(screen, `/report/${other}?token=T`)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ error: { code: 'host/second-screen' } })
    await api.close()
  })
})
