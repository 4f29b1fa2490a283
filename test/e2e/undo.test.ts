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

describe('undo at the table', () => {
  it('Ctrl+Z takes back the last roll: its request is owed again, and the timeline strikes it through', async () => {
    const gameId = await createDemoGame(table.api)
    const head = (await table.api.status(gameId)).seq
    const [last] = (await table.api.replay(gameId, { fromSeq: head })).steps
    const answered = (last?.payload as { requestId?: string } | undefined)?.requestId
    const page = await table.openPage({ gameId })
    const slider = page.getByRole('slider')
    await until(() => slider.getAttribute('max')).toBe(String(head))
    await until(() => page.getByRole('list', { name: 'Events' }).textContent()).toContain(`#${head}DiceRolled`)

    await page.keyboard.press('Control+z')
    await until(() => slider.getAttribute('max')).toBe(String(head + 1))
    const events = page.getByRole('list', { name: 'Events' })
    await until(() => events.textContent()).toContain(`voided by #${head + 1}`)
    await until(() => page.locator('li.voided s').count()).toBe(1)
    expect((await table.api.status(gameId)).openRequests.map((request) => request.id)).toEqual([answered])
    await until(() => page.getByRole('form', { name: 'Dice entry' }).count()).toBe(1)
    expect(await table.api.verifyGame(gameId)).toMatchObject({ ok: true, events: head + 1 })
    await screenshot(page, '20-undo-from-the-keyboard')
    await expectNoSeriousA11yViolations(page)

    // The Undo button goes one event further back: the roll before it, by the player who rolled it.
    await page.getByRole('button', { name: /^Undo/ }).click()
    await until(() => slider.getAttribute('max')).toBe(String(head + 2))
    await until(() => page.locator('li.voided s').count()).toBe(2)
    const [undone] = (await table.api.replay(gameId, { fromSeq: head + 2 })).steps
    expect(undone?.payload).toMatchObject({ voids: [head - 1] })
    expect(table.pageErrors).toEqual([])
  }, 60_000)

  it("Ctrl+Z in a field is the field's own undo: no event is taken back", async () => {
    const gameId = await createDemoGame(table.api)
    const head = (await table.api.status(gameId)).seq
    const page = await table.openPage({ gameId })
    await until(() => page.getByRole('slider').getAttribute('max')).toBe(String(head))
    const console_ = page.getByRole('region', { name: 'Game console' })
    await console_.getByRole('button', { name: 'Note', exact: true }).click()
    const note = console_.getByRole('textbox', { name: 'Note' })
    await note.fill('typed')
    await note.press('Control+z')
    expect((await table.api.status(gameId)).seq).toBe(head)
    expect(table.pageErrors).toEqual([])
  }, 60_000)
})
