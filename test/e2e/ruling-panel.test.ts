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

describe('a ruling from the explanation panel', () => {
  it('the table rules the caught Boyz alive: recorded as a Ruling, both sides explained', async () => {
    const gameId = await createDemoGame(table.api)
    const page = await table.openPage({ gameId })
    await until(() => page.getByRole('slider').getAttribute('max')).toBe('25')
    const panel = page.getByRole('region', { name: 'Explanation' })
    await until(() => panel.textContent()).toContain('catches Orc Boyz')
    await panel.getByRole('button', { name: 'The table rules otherwise…' }).click()
    const form = panel.getByRole('form', { name: 'Table ruling' })
    // The units by name, not by id.
    expect(await form.getByLabel('Unit').textContent()).toBe('Dark Elf WarriorsOrc Boyz')
    await form.getByLabel('Unit').selectOption('boyz')
    await form.getByLabel('Models left').fill('20')
    await form.getByLabel('Why').fill('the ford: they were not caught')
    await form.getByLabel('every player agrees').check()
    await screenshot(page, '23-ruling-form')
    await form.getByRole('button', { name: 'Record the ruling' }).click()
    await until(() => page.getByRole('slider').getAttribute('max')).toBe('26')
    await until(() => panel.textContent()).toContain(
      'table ruling for Orc Boyz about seq 25: models left 20 (the rules: 0)',
    )
    const [ruling] = (await table.api.replay(gameId, { fromSeq: 26 })).steps
    expect(ruling).toMatchObject({ type: 'Ruling', payload: { about: 25, agreedBy: ['orcs'] } })
    expect((await table.api.openGame(gameId)).state.units.boyz?.models).toBe(20)
    await screenshot(page, '24-ruling-recorded')
    await expectNoSeriousA11yViolations(page)
    expect(table.pageErrors).toEqual([])
  }, 60_000)
})
