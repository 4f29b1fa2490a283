import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, startTable, type Table } from './browser.js'
import { until } from './table-actions.js'

/** The muster screen starts a unit from one of the ruleset's ready units (GameApi.troops), then edits it. */
let table: Table
beforeAll(async () => {
  table = await startTable()
}, 60_000)
afterAll(async () => {
  await table?.close()
})

describe('ready units in the muster screen', () => {
  it('loads Dark Elf Warriors into the unit editor, takes an edit, and musters them', async () => {
    const page = await table.openPage()
    await page.getByRole('button', { name: 'Start a new game' }).click()
    await page.getByLabel('Player 1 (plays first)').fill('Druchii')
    await page.getByLabel('Player 2').fill('Empire')
    await page.getByRole('button', { name: 'Create the game' }).click()

    const muster = page.getByRole('region', { name: 'Army muster' })
    await until(() => muster.count()).toBe(1)
    await muster.getByRole('button', { name: 'Add a unit' }).click()
    const editor = muster.getByRole('form', { name: 'Unit editor' })
    await editor.getByLabel('Start from a ready unit').selectOption('dark-elf-warriors')
    await until(() => editor.getByLabel('Unit name').inputValue()).toBe('Dark Elf Warriors')
    // The race in words; it is recorded as its slug, dark-elves.
    expect(await editor.getByLabel('Race or army').inputValue()).toBe('Dark Elves')
    expect(await editor.locator('#c-WS').inputValue()).toBe('4')
    // A ready unit is a start: the player edits it before adding it.
    await editor.getByLabel('Models').fill('15')
    await screenshot(page, '13-ready-unit-loaded')
    await editor.getByRole('button', { name: 'Add this unit' }).click()
    await muster.getByRole('button', { name: 'Muster 1 unit' }).click()

    await until(() => page.getByTestId('models-dark-elf-warriors').textContent()).toBe('15 / 15')
    await screenshot(page, '14-ready-unit-mustered')
  })
})
