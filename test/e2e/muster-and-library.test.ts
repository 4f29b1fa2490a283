import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { artifactsDir, expectNoSeriousA11yViolations, screenshot, startTable, type Table } from './browser.js'
import { until } from './table-actions.js'

/**
 * The muster forgives and says why (a refused army keeps its draft, the refusal stands beside its
 * field, in words), and the library keeps house (names, not ids; the sample game made once; a game
 * archived and restored, never deleted), at a desktop's and a phone's size.
 */
let table: Table
beforeAll(async () => {
  table = await startTable()
}, 60_000)
afterAll(async () => {
  await table?.close()
})

/** How far the page is wider than its window (0 when nothing scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate('Math.max(0, document.documentElement.scrollWidth - window.innerWidth)') as Promise<number>

/** How far an element reaches past the window's right edge, or past its own box (0 when it fits). */
const elementOverflow = (element: Locator) =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect()
    const { innerWidth } = globalThis as unknown as { innerWidth: number }
    return Math.max(0, box.right - innerWidth, node.scrollWidth - node.clientWidth)
  })

async function newGame(page: Page, players: [string, string]): Promise<void> {
  await page.getByRole('button', { name: /^(Start a new game|New game)$/ }).click()
  await page.getByLabel('Player 1 (plays first)').fill(players[0])
  await page.getByLabel('Player 2').fill(players[1])
  await page.getByRole('button', { name: 'Create the game' }).click()
  await until(() => page.getByRole('region', { name: 'Army muster' }).count()).toBe(1)
}

describe('the muster screen', () => {
  it('keeps a refused army whole, shows the refusal beside its field, and musters it once fixed', async () => {
    const page = await table.openPage({ width: 1280, height: 800 })
    await newGame(page, ['Chaos', 'Empire'])
    const muster = page.getByRole('region', { name: 'Army muster' })
    const editor = muster.getByRole('form', { name: 'Unit editor' })

    await muster.getByRole('button', { name: 'Add a unit' }).click()
    await editor.getByLabel('Unit name').fill('Chaos Trolls')
    await editor.getByLabel('Troop type').selectOption('monstrous-infantry')
    await editor.getByLabel('Models').fill('3')
    await editor.getByLabel('Add special rules').selectOption('regeneration')
    const save = editor.getByLabel('Regeneration save')
    // What a player writes is read and shown back as it will be recorded.
    expect(await save.getAttribute('placeholder')).toBe('4+')
    await save.fill('5')
    await save.press('Tab')
    await until(() => save.inputValue()).toBe('5+')
    await save.fill('five')
    // Flagged as it is typed, by core's parser, before the api is asked.
    await until(() => save.getAttribute('aria-invalid')).toBe('true')
    await editor.getByRole('button', { name: 'Add this unit' }).click()
    await muster.getByRole('button', { name: 'Add a unit' }).click()
    await editor.getByLabel('Unit name').fill('Marauders')
    await editor.getByRole('button', { name: 'Add this unit' }).click()

    // A change of screen keeps the draft.
    await page.getByRole('button', { name: /^Rules/ }).click()
    await page.getByRole('button', { name: /^Game/ }).click()
    const toMuster = muster.getByRole('list', { name: 'Units to muster' })
    await until(() => toMuster.getByRole('listitem').allTextContents()).toHaveLength(2)

    await muster.getByRole('button', { name: 'Muster 2 units' }).click()
    // Refused: both units are still drafted, and the trolls open with the refusal at their Regeneration.
    const message = 'Chaos Trolls: Regeneration needs a save such as 5+, not "five"'
    const pick = editor.locator('.pick').filter({ hasText: 'Regeneration' })
    await until(() => pick.getByRole('alert').textContent()).toBe(message)
    expect(await toMuster.getByRole('listitem').count()).toBe(2)
    expect(await editor.getByLabel('Unit name').inputValue()).toBe('Chaos Trolls')
    expect(await save.inputValue()).toBe('five')
    expect(await save.getAttribute('aria-invalid')).toBe('true')
    expect(await save.getAttribute('aria-describedby')).toBe(await pick.getByRole('alert').getAttribute('id'))
    await until(() =>
      save.evaluate(
        // The field has the focus within its shadow root: the player can type the fix at once.
        (input) => (input.getRootNode() as unknown as { activeElement: unknown }).activeElement === input,
      ),
    ).toBe(true)
    // Nothing at the top of the page, no slug, id or zod path anywhere.
    expect(await page.locator('.error-bar').count()).toBe(0)
    expect(await muster.textContent()).not.toMatch(/rules\/|payload|chaos-trolls|units\[/)
    expect((await table.api.openGame((await table.api.listGames())[0]!.gameId)).state.units).toEqual({})
    // Leaving for the Rules and coming back finds the draft, the open unit and the refusal as they were.
    await page.getByRole('button', { name: /^Rules/ }).click()
    await page.getByRole('button', { name: /^Game/ }).click()
    await until(() => pick.getByRole('alert').textContent()).toBe(message)
    expect(await save.inputValue()).toBe('five')
    await screenshot(page, '30-muster-refused-1280')
    await expectNoSeriousA11yViolations(page)
    expect(await elementOverflow(muster)).toBe(0)

    await page.setViewportSize({ width: 412, height: 915 })
    await save.scrollIntoViewIfNeeded()
    await screenshot(page, '31-muster-refused-412')
    await pick.screenshot({ path: join(artifactsDir, '31-regeneration-refused-412.png') })
    expect(await elementOverflow(muster)).toBe(0)
    await page.setViewportSize({ width: 1280, height: 800 })

    await save.fill('5+')
    await until(() => pick.getByRole('alert').count()).toBe(0)
    await editor.getByRole('button', { name: 'Save changes' }).click()
    await muster.getByRole('button', { name: 'Muster 2 units' }).click()
    await until(() => page.getByTestId('models-chaos-trolls').textContent()).toBe('3 / 3')
    const { state } = await table.api.openGame((await table.api.listGames())[0]!.gameId)
    expect(state.units['chaos-trolls']?.rules).toEqual([{ id: 'regeneration', params: { save: 5 } }])
    expect(state.units.marauders?.name).toBe('Marauders')
    // The muster moves on to the next player, with nothing left of the first one's draft.
    await until(() => muster.getByLabel('Player').inputValue()).toBe('empire')
    expect(await muster.getByRole('list', { name: 'Units to muster' }).count()).toBe(0)
    expect(table.pageErrors).toEqual([])
    await page.close()
  }, 90_000)
})

describe('the library', () => {
  it('names games and rules, makes the sample game once, and archives and restores a game', async () => {
    const page = await table.openPage({ width: 1280, height: 800 })
    await page.getByRole('button', { name: /^Library/ }).click()
    const games = page.getByRole('region', { name: 'Games' })
    await until(() => games.getByRole('row').count()).toBe(2)
    const row = games.getByRole('row').filter({ hasText: 'Chaos v Empire' })
    expect(await row.textContent()).toContain('Classic fan edition')
    expect(await games.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|classic-8th|\bclassic\b \//)

    // Two players of one name are refused beside the second one's field, the form kept as typed.
    await page.getByRole('button', { name: 'New game' }).click()
    const form = page.getByRole('region', { name: 'New game' })
    await form.getByLabel('Player 1 (plays first)').fill('Anna')
    await form.getByLabel('Player 2').fill('anna')
    await form.getByRole('button', { name: 'Create the game' }).click()
    const second = form.getByLabel('Player 2')
    await until(() => second.getAttribute('aria-invalid')).toBe('true')
    expect(await form.getByRole('alert').textContent()).toBe(
      'two players are called "anna": give each player a name of their own',
    )
    expect(await form.getByLabel('Player 1 (plays first)').inputValue()).toBe('Anna')
    expect(await page.locator('.error-bar').count()).toBe(0)
    await form.getByRole('button', { name: 'Cancel' }).click()

    // The sample game is recorded once; asked again, the library opens the same game.
    await page.getByRole('button', { name: 'Sample game' }).click()
    await until(() => page.getByRole('slider').getAttribute('max')).toBe('25')
    await page.getByRole('button', { name: /^Library/ }).click()
    await page.getByRole('button', { name: 'Sample game' }).click()
    await until(() => page.getByRole('slider').getAttribute('max')).toBe('25')
    await page.getByRole('button', { name: /^Library/ }).click()
    await until(() => games.getByRole('row').count()).toBe(3)
    expect((await table.api.listGames()).filter((game) => game.intact && game.sample)).toHaveLength(1)
    await screenshot(page, '32-library-1280')
    expect(await overflow(page)).toBe(0)
    const library = page.locator('game-library')

    await row.getByRole('button', { name: 'Archive' }).click()
    await until(() => games.getByRole('row').filter({ hasText: 'Chaos v Empire' }).count()).toBe(0)
    const gameId = (await table.api.listGames()).find((game) => game.archived)!.gameId
    // Archived, not deleted: the game is whole, its events untouched.
    expect(await table.api.verifyGame(gameId)).toMatchObject({ ok: true, events: 2 })
    await games.getByLabel(/Show archived \(1\)/).check()
    const archived = games.getByRole('row').filter({ hasText: 'Chaos v Empire' })
    await until(() => archived.textContent()).toContain('(archived)')
    await expectNoSeriousA11yViolations(page)
    await page.setViewportSize({ width: 412, height: 915 })
    await screenshot(page, '33-library-archived-412')
    // The library itself fits a phone; the page's header is the shell's (arbiter-app), not the library's.
    expect(await elementOverflow(library)).toBe(0)
    expect(await elementOverflow(games)).toBe(0)
    await page.setViewportSize({ width: 1280, height: 800 })
    await archived.getByRole('button', { name: 'Restore' }).click()
    await until(() => archived.textContent()).not.toContain('(archived)')
    expect((await table.api.listGames()).some((game) => game.archived)).toBe(false)
    expect(table.pageErrors).toEqual([])
    await page.close()
  }, 90_000)
})
