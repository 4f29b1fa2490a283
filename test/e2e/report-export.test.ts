import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoGame } from '../../core/api/demo-game.js'
import { readReportMeta } from '../../core/report/meta.js'
import { REPORT_PAGE_CSP, reportPagePath } from '../../electron/report-page.js'
import { reportPdfOptions } from '../../electron/report-pdf.js'
import { artifactsDir, expectNoSeriousA11yViolations, screenshot, startTable, type Table } from './browser.js'
import { until } from './table-actions.js'

let table: Table
let gameId: string
/** The sample game's head, as the timeline shows it once the game is open. */
let head: string
beforeAll(async () => {
  table = await startTable()
  gameId = await createDemoGame(table.api)
  head = String((await table.api.status(gameId)).seq)
}, 60_000)
afterAll(async () => {
  await table?.close()
})

/** What the preview's frame holds, read through the page (the frame runs no script of its own). */
function frameReport(page: Page): Promise<{ stamp: string | null; text: string } | null> {
  return page.evaluate(`(() => {
    const preview = document.querySelector('arbiter-app')?.shadowRoot?.querySelector('report-preview')
    const doc = preview?.shadowRoot?.querySelector('iframe')?.contentDocument
    if (!doc || doc.readyState !== 'complete' || !doc.body) return null
    return {
      stamp: doc.querySelector('meta[name="arbiter-report"]')?.getAttribute('content') ?? null,
      text: doc.body.textContent,
    }
  })()`)
}

/** Clicks a button of the preview and reads the file it downloads. */
async function download(page: Page, name: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('dialog').getByRole('button', { name, exact: true }).click(),
  ])
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') }
}

describe('Export report', () => {
  for (const [size, width, height] of [
    ['1280', 1280, 800],
    ['phone', 412, 915],
  ] as const) {
    it(`previews the report as it prints and saves it as HTML and Markdown, the api's own bytes (${width}×${height})`, async () => {
      const html = await table.api.report(gameId, { format: 'html' })
      const md = await table.api.report(gameId, { format: 'md' })
      const page = await table.openPage({ gameId, width, height })
      const consoleErrors: string[] = []
      page.on('console', (message) => {
        // The page has no icon of its own: the browser's own favicon request is not the report's doing.
        const where = message.location().url
        if (message.type() === 'error' && !where.endsWith('/favicon.ico'))
          consoleErrors.push(`${message.text()} ${where}`)
      })
      await until(() => page.getByRole('slider').getAttribute('max')).toBe(head)
      const reportPage = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/report/'))
      // The game screen's button on a wide screen; its key on the phone.
      if (size === 'phone') await page.keyboard.press('e')
      else await page.getByRole('button', { name: /^Export report/ }).click()
      const dialog = page.getByRole('dialog', { name: `Battle report: ${html.title}` })
      await until(() => dialog.count()).toBe(1)

      // The frame shows the report page, under the report's own policy: nothing runs, nothing loads.
      const served = await reportPage
      expect(served.status()).toBe(200)
      expect(served.headers()['content-security-policy']).toBe(REPORT_PAGE_CSP)
      expect(await dialog.locator('iframe').getAttribute('sandbox')).toBe('allow-same-origin allow-modals')
      await until(async () => (await frameReport(page))?.text ?? '').toContain(html.title)
      const shown = (await frameReport(page))!
      expect(shown.stamp).not.toBeNull()
      await until(() => dialog.getByRole('status').textContent()).not.toContain('Laying out')
      // The preview covers the window: what a player sees is the window, not the page scrolled under it.
      await page.screenshot({ path: join(artifactsDir, `report-preview-${size}.png`) })
      await expectNoSeriousA11yViolations(page)

      const savedHtml = await download(page, 'Save as HTML')
      expect(savedHtml).toEqual({ name: html.fileName, text: html.text })
      expect(readReportMeta(savedHtml.text)).toMatchObject({ gameId, format: 'html', headHash: html.headHash })
      const savedMd = await download(page, 'Save as Markdown')
      expect(savedMd).toEqual({ name: md.fileName, text: md.text })
      expect(readReportMeta(savedMd.text)).toMatchObject({ gameId, format: 'md', headSeq: md.headSeq })

      // No Electron here: the browser's print of the frame, said so on the button.
      const print = dialog.getByRole('button', { name: 'Print or save as PDF…' })
      expect(await print.getAttribute('title')).toContain('Save as PDF')
      await page.evaluate(`(() => {
        const frame = document.querySelector('arbiter-app').shadowRoot.querySelector('report-preview').shadowRoot
          .querySelector('iframe')
        frame.contentWindow.print = () => { window.reportPrinted = (window.reportPrinted ?? 0) + 1 }
      })()`)
      await print.click()
      await until(() => page.evaluate('window.reportPrinted ?? 0')).toBe(1)
      expect(await dialog.getByRole('status').textContent()).toContain('Save as PDF')

      // Escape closes it (the keys behind it do nothing meanwhile: Ctrl+Z would take back the last roll), and Close
      // does too.
      await page.keyboard.press('Control+z')
      await page.keyboard.press('Escape')
      await until(() => dialog.count()).toBe(0)
      expect(String((await table.api.status(gameId)).seq)).toBe(head)
      await page.keyboard.press('e')
      await until(() => dialog.count()).toBe(1)
      await dialog.getByRole('button', { name: /^Close/ }).click()
      await until(() => dialog.count()).toBe(0)

      expect(consoleErrors).toEqual([])
      expect(table.pageErrors).toEqual([])
      await page.close()
    }, 90_000)
  }

  it('says plainly when the report cannot be made, and offers nothing to save', async () => {
    const page = await table.openPage({ gameId })
    await until(() => page.getByRole('slider').getAttribute('max')).toBe(head)
    // The host refuses (a game whose log no longer verifies is refused the same way): its words are shown.
    await page.route('**/api/report', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: { code: 'store/broken-chain', message: 'seq 12 does not verify' } }),
      }),
    )
    await page.getByRole('button', { name: /^Export report/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Battle report' })
    await until(() => dialog.getByRole('alert').textContent()).toContain('seq 12 does not verify')
    expect(await dialog.getByRole('alert').textContent()).toContain('store/broken-chain')
    expect(await dialog.locator('iframe').count()).toBe(0)
    for (const name of ['Save as HTML', 'Save as Markdown', 'Print or save as PDF…'])
      expect(await dialog.getByRole('button', { name }).isDisabled()).toBe(true)
    await screenshot(page, 'report-preview-refused')
    await expectNoSeriousA11yViolations(page)
    expect(table.pageErrors).toEqual([])
    await page.close()
  }, 60_000)

  it('the report page prints to PDF as the desktop app asks Chromium to: A4 with backgrounds, nothing run', async () => {
    const page = await table.browser.newPage()
    const url = new URL(`${reportPagePath(gameId, 'en')}&token=${table.host.token}`, table.host.url)
    const answer = await page.goto(url.toString())
    expect(answer?.headers()['content-security-policy']).toBe(REPORT_PAGE_CSP)
    // Electron's printToPDF and Playwright's page.pdf are the same DevTools call (Page.printToPDF).
    const { pageSize, printBackground, preferCSSPageSize, margins } = reportPdfOptions('GB')
    const inches = (value: number | undefined) => `${value ?? 0}in`
    const margin = {
      top: inches(margins?.top),
      bottom: inches(margins?.bottom),
      left: inches(margins?.left),
      right: inches(margins?.right),
    }
    const pdf = await page.pdf({ format: String(pageSize), printBackground, preferCSSPageSize, margin })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const file = join(artifactsDir, 'report-a4.pdf')
    writeFileSync(file, pdf)
    // A4 is 595 × 842 points (Chromium rounds it to whole pixels: 595.92 × 842.88).
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(
      /Page size:\s+59[56]\.\d+ x 84[12]\.\d+ pts \(A4\)/,
    )
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      join(artifactsDir, 'report-a4'),
    ])
    await page.close()
  }, 60_000)
})
