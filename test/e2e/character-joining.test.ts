import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unitDef } from '../helpers/classic-game.js'
import { screenshot, startTable, type Table } from './browser.js'
import { openForm, submit, until } from './table-actions.js'

/**
 * Joining and leaving in headless Chromium: in the movement phase the "Declare now" group offers "Join a unit";
 * its form names the side's characters on their own and its units by name; declared, the Dreadlord is one of the
 * Warriors' models. In a later turn "Leave a unit" offers him back out.
 */
let table: Table
beforeAll(async () => {
  table = await startTable()
}, 60_000)
afterAll(async () => {
  await table?.close()
})

describe('characters join and leave units through the forms', () => {
  it('offers the join form in the movement phase, by name, and the leave form in a later turn', async () => {
    const api = table.api
    const { gameId } = await api.createGame({
      ruleset: 'classic',
      title: 'The Dreadlord takes his place',
      players: [
        { id: 'druchii', name: 'Druchii' },
        { id: 'orcs', name: 'Orcs' },
      ],
      actor: 'druchii',
    })
    const append = (type: string, actor: string, payload: unknown) => api.append(gameId, { type, actor, payload })
    await append('ArmyMustered', 'druchii', {
      player: 'druchii',
      units: [
        unitDef('lord', {
          name: 'Dreadlord',
          models: 1,
          character: true,
          profile: { WS: 7, S: 4, T: 4, W: 3, I: 8, A: 4, Ld: 10 },
        }),
        unitDef('warriors', { name: 'Dark Elf Warriors', models: 10, formation: { files: 5 }, profile: { Ld: 8 } }),
        unitDef('shades', { name: 'Shades', models: 5, rules: ['skirmish'], profile: { Ld: 8 } }),
      ],
    })
    await append('ArmyMustered', 'orcs', {
      player: 'orcs',
      units: [unitDef('boyz', { name: 'Orc Boyz', models: 10, formation: { files: 5 }, profile: { Ld: 7 } })],
    })
    await append('TurnStarted', 'druchii', { turn: 1, player: 'druchii' })
    await append('PhaseStarted', 'druchii', { phase: 'movement' })

    const page = await table.openPage({ gameId })
    const console_ = page.getByRole('region', { name: 'Game console' })
    await until(() => console_.getByRole('group', { name: 'Declare now' }).count()).toBe(1)
    let form = await openForm(page, 'CharacterJoined')
    expect(await form.getByLabel('Character', { exact: true }).locator('option').allTextContents()).toEqual([
      'Dreadlord',
    ])
    const joins = form.getByLabel('Joins')
    expect(await joins.locator('option').allTextContents()).toEqual(['Dark Elf Warriors', 'Shades'])
    await joins.selectOption({ label: 'Dark Elf Warriors' })
    await screenshot(page, 'character-join-form')
    await form.screenshot({ path: 'test/e2e/artifacts/character-join-form-only.png' })
    await submit(form, 'CharacterJoined')
    const explanation = page.getByRole('region', { name: 'Explanation' })
    await until(() => explanation.textContent()).toContain('Dreadlord joins Dark Elf Warriors')
    const joined = await api.openGame(gameId)
    expect(joined.state.units.warriors?.characters.map((c) => c.name)).toEqual(['Dreadlord'])
    expect(joined.state.units.lord).toBeUndefined()

    await append('TurnStarted', 'orcs', { turn: 1, player: 'orcs' })
    await append('TurnStarted', 'druchii', { turn: 2, player: 'druchii' })
    await append('PhaseStarted', 'druchii', { phase: 'movement' })
    // Recorded elsewhere (another screen): the page is opened on the game again.
    await page.reload()
    await until(() => page.getByTestId('turn').textContent()).toBe('2')
    form = await openForm(page, 'CharacterLeft')
    expect(await form.getByLabel('Unit').locator('option').allTextContents()).toEqual(['Dark Elf Warriors'])
    expect(await form.getByLabel('Character', { exact: true }).locator('option').allTextContents()).toEqual([
      'Dreadlord',
    ])
    await screenshot(page, 'character-leave-form')
    await submit(form, 'CharacterLeft')
    await until(() => explanation.textContent()).toContain('Dreadlord leaves Dark Elf Warriors')
    expect((await api.openGame(gameId)).state.units.lord?.character).toBe(true)
    expect(table.pageErrors).toEqual([])
  }, 120_000)
})
