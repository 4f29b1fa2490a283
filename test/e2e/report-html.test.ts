import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderHtml } from '../../core/report/html.js'
import { fixtureReportModel } from '../fixtures/report-model.js'
import { artifactsDir, CHROMIUM, CHROMIUM_ARGS, expectNoSeriousA11yViolations } from './browser.js'

/**
 * The HTML battle report (issue 19 §3) opened from a file in headless Chromium, as a reader opens the file they
 * were sent: it asks for nothing beyond itself, logs no error, reads in the light and the dark theme and in print,
 * and fits the printable width of A4 (the narrower of A4 and Letter). Screenshots land in test/e2e/artifacts.
 */

let browser: Browser
let dir: string
let url: string
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  dir = mkdtempSync(join(tmpdir(), 'arbiter-report-'))
  const file = join(dir, 'report.html')
  writeFileSync(file, renderHtml(fixtureReportModel))
  url = pathToFileURL(file).href
}, 60_000)
afterAll(async () => {
  await browser?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** The width A4 leaves between the report's 15 mm side margins (@page), in CSS pixels: 180 mm. */
const A4_PRINTABLE_PX = Math.floor(((210 - 30) / 25.4) * 96)

interface Opened {
  readonly page: Page
  readonly requests: string[]
  readonly failed: string[]
  readonly errors: string[]
  close(): Promise<void>
}

async function open(colorScheme: 'light' | 'dark', width = 1000): Promise<Opened> {
  const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 } })
  const page = await context.newPage()
  const requests: string[] = []
  const failed: string[] = []
  const errors: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  page.on('requestfailed', (request) => failed.push(`${request.url()}: ${request.failure()?.errorText ?? ''}`))
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(url, { waitUntil: 'load' })
  return { page, requests, failed, errors, close: () => context.close() }
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true })
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true })
}

/** A computed style of the first element `selector` finds ("rgb(21, 23, 26)"); a string run in the page, as this
 * file is compiled without the DOM's types. */
const styleOf = (page: Page, selector: string, property: string) =>
  page.evaluate<string>(
    `getComputedStyle(document.querySelector(${JSON.stringify(selector)}))[${JSON.stringify(property)}]`,
  )
const colourOf = styleOf

/** The relative luminance of an `rgb(r, g, b)` colour (WCAG's), to tell a dark background from a light one. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

describe('the HTML battle report in a browser', () => {
  for (const scheme of ['light', 'dark'] as const)
    it(`opens from a file with no request beyond itself and no console error, and reads in the ${scheme} theme`, async () => {
      const opened = await open(scheme)
      const { page } = opened
      try {
        expect(opened.requests).toEqual([url])
        expect(opened.failed).toEqual([])
        expect(opened.errors).toEqual([])
        // The player's name is text, not markup: no <raiders> element, the heading shows it as typed.
        expect(await page.$('raiders, karak, morathi')).toBeNull()
        expect(await page.textContent('h1')).toBe(fixtureReportModel.title)
        expect(await page.evaluate<number>(`document.querySelectorAll('svg.chart').length`)).toBe(4)
        const background = luminance(await colourOf(page, 'html', 'backgroundColor'))
        const text = luminance(await colourOf(page, 'body', 'color'))
        const chartText = luminance(await colourOf(page, 'svg.chart text', 'fill'))
        if (scheme === 'dark') expect(background).toBeLessThan(0.05)
        else expect(background).toBeGreaterThan(0.8)
        // Text and the charts' labels contrast with the page in either theme (WCAG's ratio, 7:1 or better).
        for (const ink of [text, chartText]) {
          const [lighter, darker] = ink > background ? [ink, background] : [background, ink]
          expect((lighter + 0.05) / (darker + 0.05)).toBeGreaterThan(7)
        }
        await expectNoSeriousA11yViolations(page)
        await shoot(page, `report-${scheme}`)
      } finally {
        await opened.close()
      }
    })

  it("fits a phone's width: the page never scrolls sideways, a wide table scrolls within itself", async () => {
    const opened = await open('light', 412)
    const { page } = opened
    try {
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(412)
      const widest = await page.evaluate<number>(
        `Math.max(...[...document.querySelectorAll('svg.chart, div.table')].map((e) => e.getBoundingClientRect().right))`,
      )
      expect(widest).toBeLessThanOrEqual(412)
      await expectNoSeriousA11yViolations(page)
      expect(opened.errors).toEqual([])
      await shoot(page, 'report-phone')
    } finally {
      await opened.close()
    }
  })

  it('prints dark on white even in the dark theme, and its charts and tables fit the printable width of A4', async () => {
    const opened = await open('dark', A4_PRINTABLE_PX)
    const { page } = opened
    try {
      await page.emulateMedia({ media: 'print' })
      expect(luminance(await colourOf(page, 'html', 'backgroundColor'))).toBeGreaterThan(0.95)
      expect(luminance(await colourOf(page, 'body', 'color'))).toBeLessThan(0.01)
      const widest = await page.evaluate<number>(
        `Math.max(...[...document.querySelectorAll('svg.chart, table')].map((e) => e.getBoundingClientRect().right))`,
      )
      expect(widest).toBeLessThanOrEqual(A4_PRINTABLE_PX)
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(A4_PRINTABLE_PX)
      // A turn's heading is never left at the foot of a page, away from its story; a row or a chart never split.
      expect(await styleOf(page, 'section.turn > h3', 'breakAfter')).toBe('avoid')
      expect(await styleOf(page, 'tr', 'breakInside')).toBe('avoid')
      expect(await styleOf(page, 'figure.chart', 'breakInside')).toBe('avoid')
      expect(opened.errors).toEqual([])
      await shoot(page, 'report-print')
    } finally {
      await opened.close()
    }
  })
})
