import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoGame } from '../../core/api/demo-game.js'
import { startWebHost, type WebHost } from '../../electron/web-host.js'
import { expectNoSeriousA11yViolations, rendererDir, screenshot, startTable, type Table } from './browser.js'
import { until } from './table-actions.js'

let table: Table
let screen: WebHost
let shown: string
let other: string
beforeAll(async () => {
  table = await startTable()
  shown = await createDemoGame(table.api)
  other = (
    await table.api.createGame({
      ruleset: 'classic',
      title: 'Not for the phone',
      players: [
        { id: 'p1', name: 'One' },
        { id: 'p2', name: 'Two' },
      ],
      actor: 'p1',
    })
  ).gameId
  // What File > Show This Game on a Second Screen starts, on loopback here.
  screen = await startWebHost({ api: table.api, rendererDir, port: 0, scope: { kind: 'game', gameId: shown } })
}, 60_000)
afterAll(async () => {
  await screen?.close()
  await table?.close()
})

describe('a second screen for one game', () => {
  it('opens on its game, says plainly that it only watches, offers nothing to record, and follows live', async () => {
    const page = await table.browser.newPage()
    await page.setViewportSize({ width: 412, height: 915 })
    page.on('pageerror', (error) => table.pageErrors.push(error))
    await page.goto(screen.url)
    const head = (await table.api.status(shown)).seq
    await until(() => page.getByRole('slider').getAttribute('max')).toBe(String(head))
    await until(() => page.getByRole('region', { name: 'Second screen' }).textContent()).toContain(
      'watching this game live; nothing can be recorded here',
    )
    expect(await page.getByRole('region', { name: 'Game console' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /^Library/ }).count()).toBe(0)
    await screenshot(page, '30-second-screen-watching')
    await expectNoSeriousA11yViolations(page)

    // A Note written at the table (the desktop window tells the screen) appears without a reload.
    const step = await table.api.append(shown, { type: 'Note', actor: 'orcs', payload: { text: 'Seen on the phone' } })
    screen.notify({ gameId: shown, seq: step.seq, type: step.type })
    await until(() => page.getByRole('slider').getAttribute('max')).toBe(String(head + 1))
    expect(table.pageErrors).toEqual([])
    await page.close()
  }, 60_000)

  it('shows nothing of another game, even when its address names it', async () => {
    const page = await table.browser.newPage()
    const refused: string[] = []
    page.on('response', async (response) => {
      if (response.status() === 403) refused.push((await response.json()).error.code)
    })
    await page.goto(`${screen.url}#game=${other}`)
    // It opens its own game instead, and its address says so.
    await until(() => page.getByRole('region', { name: 'Second screen' }).count()).toBe(1)
    await until(() => page.evaluate('location.hash')).toBe(`#game=${shown}`)
    expect(refused).toContain('host/second-screen')
    expect(await page.getByText('Not for the phone').count()).toBe(0)
    await screenshot(page, '31-second-screen-other-game-refused')
    await page.close()
  }, 60_000)
})
