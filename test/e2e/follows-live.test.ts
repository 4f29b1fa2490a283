import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoGame } from '../../core/api/demo-game.js'
import { screenshot, startTable, type Table } from './browser.js'
import { until } from './table-actions.js'

let table: Table
beforeAll(async () => {
  table = await startTable()
}, 60_000)
afterAll(async () => {
  await table?.close()
})

describe('a second screen', () => {
  it('an empty library offers the sample game, the one `arbiter demo` records', async () => {
    const page = await table.openPage()
    await page.getByRole('button', { name: 'Open the sample game' }).click()
    await until(() => page.getByRole('slider').getAttribute('max')).toBe('25')
    await until(() => page.getByTestId('models-boyz').textContent()).toBe('0 / 25')
    const [gameId] = (await table.api.listGames()).map((game) => game.gameId)
    const recordedByTheCli = await createDemoGame(table.api)
    // The same recording: every step of the page's game says what the CLI's says.
    const steps = async (id: string) =>
      (await table.api.replay(id)).steps.map(({ outcomes }) => outcomes.map((o) => o.text))
    expect(await steps(gameId!)).toEqual(await steps(recordedByTheCli))
    await screenshot(page, '11-sample-game')
    await page.close()
  }, 60_000)

  it('follows the game live: an event declared in one page appears in the other without a reload', async () => {
    const gameId = await createDemoGame(table.api)
    const head = (await table.api.status(gameId)).seq
    const player = await table.openPage({ gameId })
    const watcher = await table.openPage({ gameId, width: 900, height: 1200 })
    for (const page of [player, watcher])
      await until(() => page.getByRole('slider').getAttribute('max')).toBe(String(head))
    // A mark in the watcher's window: a reload would wipe it.
    await watcher.evaluate('window.__notReloaded = true')

    const console_ = player.getByRole('region', { name: 'Game console' })
    await console_.getByRole('button', { name: 'Note', exact: true }).click()
    await console_.getByRole('textbox', { name: 'Note' }).fill('The Boyz are caught at the ford')
    await console_.getByRole('button', { name: 'Declare Note' }).click()

    await until(() => watcher.getByRole('slider').getAttribute('max')).toBe(String(head + 1))
    await until(() => watcher.getByRole('list', { name: 'Events' }).textContent()).toContain(`#${head + 1}Note`)
    expect(await watcher.evaluate('window.__notReloaded')).toBe(true)
    await screenshot(watcher, '10-second-screen-follows')
    expect(table.pageErrors).toEqual([])
  }, 60_000)

  it('the library exports a game as its JSON Lines, and refuses to import it twice with a coded error', async () => {
    const gameId = await createDemoGame(table.api)
    const page = await table.openPage()
    const row = page.getByRole('row').filter({ hasText: 'Demo: the Boyz charge the Warriors' }).first()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Export' }).click(),
    ])
    const file = await download.path()
    let expected = ''
    for (let fromSeq: number | null = 1; fromSeq !== null; ) {
      const exported = await table.api.exportGame(gameId, { fromSeq })
      expected += exported.text
      fromSeq = exported.nextSeq
    }
    expect(readFileSync(file, 'utf8')).toBe(expected)

    await page.getByLabel('Game file').setInputFiles(file)
    const alert = page.getByRole('alert')
    await until(() => alert.textContent()).toContain('store/game-exists')
    await screenshot(page, '12-import-refused')
    expect(table.pageErrors).toEqual([])
  }, 60_000)
})
