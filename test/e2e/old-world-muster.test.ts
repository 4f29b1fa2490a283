import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, startTable, type Table } from './browser.js'
import { until } from './table-actions.js'

/** An Old World game: its muster screen offers The Old World's troop types and its ready units (the Treeman). */
let table: Table
beforeAll(async () => {
  table = await startTable()
}, 60_000)
afterAll(async () => {
  await table?.close()
})

describe('an Old World game in the app', () => {
  it('musters a Treeman from the ready units, as a behemoth, the only troop types offered being its own', async () => {
    const page = await table.openPage()
    await page.getByRole('button', { name: 'Start a new game' }).click()
    await page.getByLabel('Rules').selectOption('old-world')
    await page.getByLabel('Player 1 (plays first)').fill('Wood Elves')
    await page.getByLabel('Player 2').fill('Empire')
    await page.getByRole('button', { name: 'Create the game' }).click()

    const muster = page.getByRole('region', { name: 'Army muster' })
    await until(() => muster.count()).toBe(1)
    await muster.getByRole('button', { name: 'Add a unit' }).click()
    const editor = muster.getByRole('form', { name: 'Unit editor' })
    await editor.getByLabel('Start from a ready unit').selectOption('treeman')
    await until(() => editor.getByLabel('Unit name').inputValue()).toBe('Treeman')
    // Offered in words ("monstrous creature"), recorded as the slug (the option's value).
    const troopTypes = await editor.locator('#troop-type option').allTextContents()
    expect(troopTypes).toContain('behemoth')
    expect(troopTypes).toContain('monstrous creature')
    expect(
      await editor
        .locator('#troop-type option')
        .evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value)),
    ).toContain('monstrous-creature')
    // The classic monster is no Old World troop type.
    expect(troopTypes).not.toContain('monster')
    expect(await editor.locator('#troop-type').inputValue()).toBe('behemoth')
    // A ready unit of one model is one model wide (the list gives no formation).
    expect(await editor.getByLabel('Ranked … wide').inputValue()).toBe('1')
    await screenshot(page, '20-old-world-treeman-loaded')
    await editor.getByRole('button', { name: 'Add this unit' }).click()
    await muster.getByRole('button', { name: 'Muster 1 unit' }).click()
    await until(() => page.getByTestId('models-treeman').textContent()).toBe('1 / 1')
    await screenshot(page, '21-old-world-treeman-mustered')
  })
})
