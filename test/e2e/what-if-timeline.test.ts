import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoGame } from '../../core/api/demo-game.js'
import { expectNoSeriousA11yViolations, screenshot, startTable, type Table } from './browser.js'
import { until } from './table-actions.js'

let table: Table
beforeAll(async () => {
  table = await startTable()
}, 60_000)
afterAll(async () => {
  await table?.close()
})

describe('a what-if on the timeline', () => {
  it('other dice for a past roll: the fork is shown beside the game, and nothing is written', async () => {
    const gameId = await createDemoGame(table.api)
    const page = await table.openPage({ gameId })
    await until(() => page.getByRole('slider').getAttribute('max')).toBe('25')
    // The pursuit roll (#25) was a 7: what if it had been a 2?
    const form = page.getByRole('form', { name: 'What if' })
    await form.getByLabel('Dice faces for the what-if').fill('1 1')
    await form.getByRole('button', { name: 'Fork with these dice' }).click()
    const fork = page.getByRole('region', { name: 'What-if fork' })
    await until(() => fork.textContent()).toContain('The fork diverges at #25.')
    const row = fork.getByRole('row', { name: /#25 DiceRolled/ })
    expect(await row.textContent()).toMatch(/catches Orc Boyz/)
    expect(await row.textContent()).toMatch(/pursues 2"; Orc Boyz flees the combat/)
    expect(await fork.textContent()).toContain('Orc Boyz differs at the head')
    expect((await table.api.status(gameId)).seq).toBe(25)
    await screenshot(page, '22-what-if-on-the-timeline')
    await expectNoSeriousA11yViolations(page)
    expect(table.pageErrors).toEqual([])
  }, 60_000)

  it('the other option of a past choice: the pursuit not taken, forked beside the game', async () => {
    const gameId = await createDemoGame(table.api)
    const page = await table.openPage({ gameId })
    await until(() => page.getByRole('slider').getAttribute('max')).toBe('25')
    // #24 is the Dark Elf Warriors' choice to pursue the fleeing Orc Boyz: what if they had held?
    await page.getByRole('slider').focus()
    await page.keyboard.press('ArrowLeft')
    const form = page.getByRole('form', { name: 'What if' })
    const other = form.getByRole('button', { name: /^What if (?!#)/ })
    await until(() => other.count()).toBe(1)
    await other.click()
    const fork = page.getByRole('region', { name: 'What-if fork' })
    await until(() => fork.textContent()).toContain('The fork diverges at #24.')
    expect(await fork.getByRole('row', { name: /#24 ChoiceMade/ }).textContent()).toMatch(/pursues/)
    expect((await table.api.status(gameId)).seq).toBe(25)
    await screenshot(page, '22-what-if-a-choice')
    expect(table.pageErrors).toEqual([])
  }, 60_000)
})
