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

describe('the audit panel', () => {
  it('lists where the game departs from the rules; an entry opens both explanations side by side', async () => {
    const gameId = await createDemoGame(table.api)
    await table.api.append(gameId, {
      type: 'Claim',
      actor: 'orcs',
      payload: { about: 22, unit: 'boyz', breakTest: 'passed', note: 'took it on Ld 7' },
    })
    await table.api.append(gameId, {
      type: 'Ruling',
      actor: 'orcs',
      payload: { about: 25, units: [{ unit: 'boyz', models: 20 }], why: 'not caught: the ford', agreedBy: ['druchii'] },
    })
    const page = await table.openPage({ gameId })
    await until(() => page.getByRole('slider').getAttribute('max')).toBe('27')
    await page.getByRole('button', { name: 'Audit', exact: true }).click()
    const list = page.getByRole('list', { name: 'Departures from the rules' })
    await until(() => list.getByRole('listitem').count()).toBe(2)
    await list.getByRole('button', { name: /#26 claim/ }).click()
    const sides = page.getByRole('group', { name: 'Both explanations' })
    await until(() => sides.getByRole('region', { name: 'What the rules give' }).textContent()).toContain(
      'break test failed',
    )
    expect(await sides.getByRole('region', { name: 'What the table did' }).textContent()).toContain('break test passed')
    expect(await sides.textContent()).toContain('classic/break-test')
    await screenshot(page, '21-audit-panel')
    await expectNoSeriousA11yViolations(page)
    expect(table.pageErrors).toEqual([])
  }, 60_000)
})
