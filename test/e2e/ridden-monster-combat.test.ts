import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unitDef } from '../helpers/classic-game.js'
import { screenshot, startTable, type Table } from './browser.js'
import { openForm, submit, until } from './table-actions.js'

/**
 * The combat form offers, against a classic character riding a monster, how many attacks go at the monster
 * (classic/mounts §ridden-monster): recorded as `directed: [{at: "mount", attacks}]`, the rest at the rider.
 */
let table: Table
beforeAll(async () => {
  table = await startTable()
}, 60_000)
afterAll(async () => {
  await table?.close()
})

describe('attacks directed at a ridden monster', () => {
  it('the combat form asks how many attacks go at the Manticore, and records them', async () => {
    const api = table.api
    const { gameId } = await api.createGame({
      ruleset: 'classic',
      title: 'A Manticore at the ford',
      players: [
        { id: 'elves', name: 'High Elves' },
        { id: 'druchii', name: 'Dark Elves' },
      ],
      actor: 'elves',
    })
    const muster = (player: string, units: unknown[]) =>
      api.append(gameId, { type: 'ArmyMustered', actor: player, payload: { player, units } })
    await muster('elves', [
      unitDef('swords', { name: 'Swordmasters', models: 10, profile: { WS: 6, I: 6 }, formation: { files: 5 } }),
    ])
    await muster('druchii', [
      unitDef('lord', {
        name: 'Dreadlord',
        troopType: 'monster',
        character: true,
        models: 1,
        profile: { WS: 7, S: 4, T: 3, W: 3, I: 8, A: 4, Ld: 10 },
        mount: { name: 'Manticore', profile: { M: 6, WS: 5, BS: 0, S: 5, T: 5, W: 4, I: 4, A: 4, Ld: 5 } },
      }),
    ])
    await api.append(gameId, { type: 'TurnStarted', actor: 'elves', payload: { turn: 1, player: 'elves' } })
    await api.append(gameId, { type: 'PhaseStarted', actor: 'elves', payload: { phase: 'close-combat' } })
    const page = await table.openPage({ gameId })
    const form = await openForm(page, 'CombatJoined')
    await form.getByRole('group', { name: 'Side: High Elves' }).getByLabel('Swordmasters (10)').check()
    const druchii = form.getByRole('group', { name: 'Side: Dark Elves' })
    await druchii.getByLabel('Dreadlord (1)').check()
    await druchii.getByLabel('Dreadlord: models in base contact').fill('1')
    const atMount = form.getByLabel("Swordmasters: attacks directed at Dreadlord's Manticore, the rest at the rider")
    await until(() => atMount.count()).toBe(1)
    await atMount.fill('3')
    // Only the side that faces the monster is asked: the Dreadlord fights no ridden monster.
    expect(await form.getByLabel(/Dreadlord: attacks directed at/).count()).toBe(0)
    await form.scrollIntoViewIfNeeded()
    await screenshot(page, '42-attacks-at-a-ridden-monster')
    await submit(form, 'CombatJoined')
    await until(async () => (await api.openGame(gameId)).openRequests.length).toBeGreaterThan(0)
    const joined = (await api.replay(gameId, {})).steps.find((step) => step.type === 'CombatJoined')?.payload as {
      contact: unknown[]
    }
    expect(joined.contact).toContainEqual({
      unit: 'swords',
      models: 5,
      supporting: 0,
      directed: [{ at: 'mount', attacks: 3 }],
    })
    expect(joined.contact).toContainEqual({ unit: 'lord', models: 1, supporting: 0 })
    expect(table.pageErrors).toEqual([])
  }, 120_000)
})
