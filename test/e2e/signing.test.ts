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

describe('both players sign at the table', () => {
  it('each makes a key (one on this device, one under a PIN), both sign the end of the turn, and the head shows it', async () => {
    const gameId = await createDemoGame(table.api)
    const head = (await table.api.status(gameId)).seq
    const page = await table.openPage({ gameId })
    const panel = page.getByRole('region', { name: 'Signatures' })
    await until(() => panel.getByTestId('head-hash').textContent()).toMatch(new RegExp(`^#${head} [0-9a-f]{12}$`))
    await until(() => panel.getByTestId('signed-through').textContent()).toBe(
      'unsigned: no player has a key in this game',
    )

    const orcs = panel.locator('li[data-player="orcs"]')
    const druchii = panel.locator('li[data-player="druchii"]')
    await orcs.getByRole('button', { name: 'Key on this device' }).click()
    await until(() => orcs.getByTestId('signed-state').textContent()).toBe('not signed yet · device key')
    await druchii.getByRole('textbox', { name: "Druchii raiders's PIN" }).fill('2468')
    await druchii.getByRole('button', { name: 'Key under this PIN' }).click()
    await until(() => druchii.getByTestId('signed-state').textContent()).toBe('not signed yet · PIN key')

    await orcs.getByRole('button', { name: /Sign the end of turn/ }).click()
    await until(() => orcs.getByTestId('signed-state').textContent()).toBe(
      `signed through #${head + 2} (turn 1) · device key`,
    )
    // A wrong PIN cannot sign, and nothing is written.
    await druchii.getByRole('textbox', { name: "Druchii raiders's PIN" }).fill('1111')
    await druchii.getByRole('button', { name: /Sign the end of turn/ }).click()
    await until(() => panel.getByRole('alert').textContent()).toBe("the PIN is wrong for Druchii raiders's key")
    expect((await table.api.status(gameId)).seq).toBe(head + 3)
    await druchii.getByRole('textbox', { name: "Druchii raiders's PIN" }).fill('2468')
    await druchii.getByRole('button', { name: /Sign the end of turn/ }).click()
    await until(() => panel.getByTestId('signed-through').textContent()).toBe(
      `signed by both through seq ${head + 2} (turn 1); 0 events after it unsigned`,
    )
    await until(() => panel.getByTestId('head-hash').textContent()).toMatch(new RegExp(`^#${head + 4} [0-9a-f]{12}$`))
    await screenshot(page, '20-signed-by-both')

    const verified = await table.api.verifyGame(gameId)
    expect(verified).toMatchObject({ ok: true, signatures: { through: { seq: head + 2, turn: 1 } } })
    expect(table.pageErrors).toEqual([])
  }, 90_000)
})
