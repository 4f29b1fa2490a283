import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoSeriousA11yViolations, screenshot, startTable, type Table } from './browser.js'
import { until } from './table-actions.js'

/** The unit editor lets a player give a unit a mount (its name and its own profile), recorded in the muster. */
let table: Table
beforeAll(async () => {
  table = await startTable()
}, 60_000)
afterAll(async () => {
  await table?.close()
})

describe('a mount in the muster', () => {
  it('musters Cold One Knights riding Cold Ones, each with its own profile', async () => {
    const page = await table.openPage({ width: 1280, height: 900 })
    await page.getByRole('button', { name: /^(Start a new game|New game)$/ }).click()
    await page.getByLabel('Player 1 (plays first)').fill('Dark Elves')
    await page.getByLabel('Player 2').fill('Orcs')
    await page.getByRole('button', { name: 'Create the game' }).click()
    const muster = page.getByRole('region', { name: 'Army muster' })
    await until(() => muster.count()).toBe(1)
    await muster.getByRole('button', { name: 'Add a unit' }).click()
    const editor = muster.getByRole('form', { name: 'Unit editor' })
    await editor.getByLabel('Unit name').fill('Cold One Knights')
    await editor.getByLabel('Troop type').selectOption('cavalry')
    await editor.getByLabel('Models').fill('5')
    for (const [key, value] of Object.entries({ WS: '5', S: '4', I: '6', Ld: '9' }))
      await editor.locator(`#c-${key}`).fill(value)
    await editor.getByLabel('Add gear').selectOption('lance')
    await editor.getByLabel('Rides a mount (rider and mount strike apart)').check()
    await editor.getByLabel('Mount name').fill('Cold One')
    for (const [key, value] of Object.entries({ M: '7', S: '4', T: '4', I: '1', Ld: '3' }))
      await editor.getByLabel(`Mount ${key}`, { exact: true }).fill(value)
    await screenshot(page, '40-mount-in-the-unit-editor')
    await expectNoSeriousA11yViolations(page)
    await editor.getByRole('button', { name: 'Add this unit' }).click()
    await until(() => muster.getByRole('list', { name: 'Units to muster' }).textContent()).toContain(
      'Cold One Knights: 5 cavalry on Cold One',
    )
    await muster.getByRole('button', { name: 'Muster 1 unit' }).click()
    await until(() => page.getByTestId('models-cold-one-knights').textContent()).toBe('5 / 5')
    await until(() => page.getByTestId('mount-cold-one-knights').textContent()).toContain(
      'Cold One (M 7 WS 3 BS 0 S 4 T 4 W 1 I 1 A 1 Ld 3)',
    )
    await screenshot(page, '41-mounted-unit-mustered')
    // The recorded unit carries its mount, with the profile as entered; the lance stays the rider's.
    const [gameId] = (await table.api.listGames()).map((game) => game.gameId)
    const { state } = await table.api.openGame(gameId as string)
    const knights = state.units['cold-one-knights']
    expect(knights?.mount).toMatchObject({
      name: 'Cold One',
      profile: { M: 7, WS: 3, BS: 0, S: 4, T: 4, W: 1, I: 1, A: 1, Ld: 3 },
      gear: [],
    })
    expect(knights?.gear.map((g) => g.id)).toContain('lance')
    expect(table.pageErrors).toEqual([])
  })
})
