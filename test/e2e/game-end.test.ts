import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unitDef } from '../helpers/classic-game.js'
import { screenshot, startTable, type Table } from './browser.js'
import { openForm, submit, until } from './table-actions.js'

/**
 * The running score and the end of the game in headless Chromium (issue 16): a classic game agreed at one turn each,
 * a unit destroyed (by a table ruling) shows in the score at once; the game is ended through its declaration form,
 * and the result is shown. Worked by hand: the Boyz (160 pts) destroyed give the Empire 160 VP; the battle's size is
 * the larger army, 200 pts; 160 is 80% of it: a massacre (classic/variants §victory-bands).
 */
let table: Table
beforeAll(async () => {
  table = await startTable()
}, 60_000)
afterAll(async () => {
  await table?.close()
})

describe('the score and the end of the game', () => {
  it('shows the running score, offers GameEnded, and shows the result', async () => {
    const api = table.api
    const { gameId } = await api.createGame({
      ruleset: 'classic',
      title: 'One turn at the ford',
      players: [
        { id: 'empire', name: 'Empire' },
        { id: 'orcs', name: 'Orcs' },
      ],
      turns: 1,
      actor: 'empire',
    })
    const muster = (player: string, units: unknown[]) =>
      api.append(gameId, { type: 'ArmyMustered', actor: player, payload: { player, units } })
    await muster('empire', [unitDef('swordsmen', { name: 'Empire Swordsmen', models: 15, points: 200 })])
    await muster('orcs', [unitDef('boyz', { name: 'Orc Boyz', models: 20, points: 160 })])
    await api.append(gameId, { type: 'TurnStarted', actor: 'empire', payload: { turn: 1, player: 'empire' } })
    await api.append(gameId, {
      type: 'Ruling',
      actor: 'empire',
      payload: { about: 3, units: [{ unit: 'boyz', models: 0 }], why: 'swept away', agreedBy: ['orcs'] },
    })
    await api.append(gameId, { type: 'TurnStarted', actor: 'orcs', payload: { turn: 1, player: 'orcs' } })

    const page = await table.openPage({ gameId })
    const score = page.getByTestId('score')
    await until(() => score.textContent()).toMatch(/VP Empire 160 · Orcs 0\s*\(of 1 turn each\)/)
    await screenshot(page, 'game-end-score')
    // Each card says what its unit cost and what it gives the enemy now.
    await until(() => page.getByTestId('worth-boyz').textContent()).toBe('160 pts · gives 160 VP')
    await until(() => page.getByTestId('worth-swordsmen').textContent()).toBe('200 pts')

    const form = await openForm(page, 'GameEnded')
    await expect(form.getByLabel('Why it ends').inputValue()).resolves.toBe('last-turn')
    await submit(form, 'GameEnded')
    const result = page.getByTestId('result')
    await until(() => result.textContent()).toMatch(
      /Game over.*the last turn is over\. Empire wins: a massacre by 160 VP/,
    )
    await screenshot(page, 'game-end-result')
    // The guided start has nothing left to offer once the game has ended (it said "Start a phase" before).
    await until(() => page.getByRole('region', { name: 'Getting started' }).count()).toBe(0)
    for (const [name, width, height] of [
      ['laptop', 1280, 800],
      ['phone', 412, 915],
    ] as const) {
      await page.setViewportSize({ width, height })
      await expect(result.isVisible()).resolves.toBe(true)
      await screenshot(page, `game-end-result-${name}`)
    }
    expect((await api.openGame(gameId)).state.result).toMatchObject({ winner: 'empire', band: 'massacre', margin: 160 })
    // Nothing but a note is offered once the game is over.
    const offered = page.getByRole('group', { name: 'Declare now' }).getByRole('button')
    await until(() => offered.allTextContents()).toEqual([expect.stringContaining('Note')])
    expect(table.pageErrors).toEqual([])
  }, 60_000)
})
