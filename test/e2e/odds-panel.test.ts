import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rollOdds } from '../../core/api/index.js'
import { unitDef } from '../helpers/classic-game.js'
import { screenshot, startTable, type Table } from './browser.js'
import { until } from './table-actions.js'

let table: Table
beforeAll(async () => {
  table = await startTable()
}, 60_000)
afterAll(async () => {
  await table?.close()
})

/** Classic Warriors (p1, Ld 8) charged in the rear by Orc Boyz; every blow misses: the Warriors test to break on 3. */
async function breakTestGame(): Promise<string> {
  const api = table.api
  const { gameId } = await api.createGame({
    ruleset: 'classic',
    players: [
      { id: 'p1', name: 'Druchii' },
      { id: 'p2', name: 'Orcs' },
    ],
    actor: 'p1',
  })
  const units = {
    p1: unitDef('warriors', { name: 'Warriors', models: 20, profile: { WS: 4, I: 5, Ld: 8 }, formation: { files: 5 } }),
    p2: unitDef('boyz', { name: 'Orc Boyz', models: 20, profile: { T: 4, I: 2 }, formation: { files: 5 } }),
  }
  for (const player of ['p1', 'p2'] as const)
    await api.append(gameId, { type: 'ArmyMustered', actor: player, payload: { player, units: [units[player]] } })
  await api.append(gameId, { type: 'TurnStarted', actor: 'p2', payload: { turn: 1, player: 'p2' } })
  await api.append(gameId, { type: 'PhaseStarted', actor: 'p2', payload: { phase: 'close-combat' } })
  await api.append(gameId, {
    type: 'CombatJoined',
    actor: 'p2',
    payload: {
      combat: 'c1',
      sides: [
        { player: 'p1', units: [{ unit: 'warriors' }] },
        { player: 'p2', units: [{ unit: 'boyz', charged: true, facing: 'rear' }] },
      ],
      contact: [
        { unit: 'warriors', models: 5 },
        { unit: 'boyz', models: 5 },
      ],
    },
  })
  await answerUntil(gameId, 'break-test', () => [])
  return gameId
}

/** Answers the open dice requests (1s, unless `faces` says) until one for `purpose` is open. */
async function answerUntil(gameId: string, purpose: string, faces: (purpose: string) => number[]) {
  for (;;) {
    const request = (await table.api.openGame(gameId)).openRequests[0]
    if (request?.kind !== 'dice') throw new Error(`no dice request for ${purpose}`)
    if (request.purpose === purpose) return request
    const given = faces(request.purpose)
    await table.api.append(gameId, {
      type: 'DiceRolled',
      actor: request.roller,
      payload: {
        requestId: request.id,
        faces: given.length > 0 ? given : Array(request.count).fill(1),
        source: 'physical',
      },
    })
  }
}

describe('odds before every roll', () => {
  it('a break test shows its chance to pass; the flee that follows, its chance of at least each total', async () => {
    const gameId = await breakTestGame()
    const request = await answerUntil(gameId, 'break-test', () => [])
    // Ld 8 - 5 = 3: 2D6 <= 3 is 3/36, the double 1 among them.
    expect(request.kind === 'dice' && rollOdds(request)?.pass?.exact).toBe('1/12')
    for (const [width, height] of [
      [1280, 800],
      [412, 915],
    ] as const) {
      const page = await table.openPage({ gameId, width, height })
      const odds = page.getByRole('region', { name: 'Odds' })
      await until(() => odds.getByTestId('pass-chance').textContent()).toBe('8.3%')
      expect(await odds.getByTestId('pass-chance').getAttribute('title')).toBe('1/12')
      expect(await odds.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
      await screenshot(page, `20-odds-break-test-${width}`)
      await page.close()
    }

    await table.api.append(gameId, {
      type: 'DiceRolled',
      actor: 'p1',
      payload: { requestId: request.id, faces: [6, 6], source: 'physical' },
    })
    const flee = await answerUntil(gameId, 'flee', () => [])
    const page = await table.openPage({ gameId, width: 412, height: 915 })
    const odds = page.getByRole('region', { name: 'Odds' })
    // 2D6 averages 7; at least 7 comes up 21 ways of 36, 58.3%.
    await until(() => odds.getByTestId('expected').textContent()).toBe('7')
    const bars = odds.getByRole('list', { name: 'Chance of at least' })
    await until(() => bars.getByRole('listitem').count()).toBe(10)
    expect(await bars.getByRole('listitem').nth(4).textContent()).toContain('58.3%')
    expect(flee.kind === 'dice' && rollOdds(flee)?.atLeast.find((a) => a.value === 7)?.chance.exact).toBe('7/12')
    expect(await odds.getByTestId('pass-chance').count()).toBe(0)
    await screenshot(page, '21-odds-flee-412')
    await page.close()
    expect(table.pageErrors).toEqual([])
  }, 90_000)
})
