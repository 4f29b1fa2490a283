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

describe('a claim from the explanation panel', () => {
  it('the table says the Boyz took their break test on 7 and passed: recorded as a Claim, the audit shows it', async () => {
    const gameId = await createDemoGame(table.api)
    const page = await table.openPage({ gameId })
    await until(() => page.getByRole('slider').getAttribute('max')).toBe('25')
    // The break test's dice (#22) on the timeline: the Boyz tested on Ld 7 less the 1 they lost by, rolled 9.
    await page
      .getByRole('list', { name: 'Events' })
      .getByRole('button', { name: /^#22DiceRolled/ })
      .click()
    const panel = page.getByRole('region', { name: 'Explanation' })
    await until(() => panel.textContent()).toContain('#22 DiceRolled')
    await panel.getByRole('button', { name: 'Claim what the table did…' }).click()
    const form = panel.getByRole('form', { name: 'Claim' })
    // Choices are named from the game: players and units by name, special rules by name.
    expect(await form.getByLabel('Claimed by').textContent()).toContain('Orc warband')
    expect(await form.getByLabel('Unit').textContent()).toContain('Orc Boyz')
    expect(await form.getByLabel('Special rule').textContent()).toContain('Killing Blow')
    await form.getByLabel('Claimed by').selectOption({ label: 'Orc warband' })
    await form.getByLabel('Break test').selectOption('passed')
    await form.getByLabel('Test taken on (Leadership)').fill('7')
    await form.getByLabel('Note').fill('we forgot the -1')
    await screenshot(page, '25-claim-form')
    await form.getByRole('button', { name: 'Record the claim' }).click()
    await until(() => page.getByRole('slider').getAttribute('max')).toBe('26')
    const [claim] = (await table.api.replay(gameId, { fromSeq: 26 })).steps
    expect(claim).toMatchObject({
      type: 'Claim',
      actor: 'orcs',
      payload: { about: 22, unit: 'boyz', breakTest: 'passed', leadership: 7, note: 'we forgot the -1' },
    })
    // The audit opens: the break test passed changed the game; the Leadership did not (9 fails on 6 and on 7).
    const list = page.getByRole('list', { name: 'Departures from the rules' })
    await until(() => list.getByRole('listitem').count()).toBe(2)
    const entries = await list.textContent()
    expect(entries).toMatch(/break test passed\s*changed the game/)
    expect(entries).toMatch(/tested on 7\s*did not change the game/)
    await list.getByRole('button', { name: /tested on 7/ }).click()
    const sides = page.getByRole('group', { name: 'Both explanations' })
    await until(() => sides.getByRole('region', { name: 'What the rules give' }).textContent()).toContain('tested on 6')
    expect(await sides.textContent()).toContain('classic/break-test §modifier')
    await screenshot(page, '26-claim-audited')
    await expectNoSeriousA11yViolations(page)
    expect(table.pageErrors).toEqual([])
  }, 60_000)
})
