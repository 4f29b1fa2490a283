import { describe, expect, it } from 'vitest'
import { createDemoGame } from '../../core/api/index.js'
import { renderExplanationText } from '../../core/explain/render-text.js'
import { classicCombat, openApi, refusal, rollOwed } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

describe('table rulings', () => {
  it('the table rules a casualty away: the game goes on from the ruling, and both are explained', async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    await api.append(gameId, {
      type: 'MeleeAttacksDeclared',
      actor: 'p1',
      payload: { attacker: 'warriors', target: 'boyz', models: 5 },
    })
    await rollOwed(api, gameId, [6, 6, 6, 6, 6])
    await rollOwed(api, gameId, [1, 2, 3, 4, 6])
    const saves = await rollOwed(api, gameId, [1])
    expect((await api.openGame(gameId)).state.units.boyz?.models).toBe(9)

    const ruling = {
      about: saves.seq,
      units: [{ unit: 'boyz', models: 10 }],
      why: 'the Boyz were behind the wall: we agreed on a 6+ cover save, and it was a 6',
    }
    const alone = await refusal(api.append(gameId, { type: 'Ruling', actor: 'p2', payload: ruling }))
    expect(alone.code).toBe('rules/not-permitted')
    expect(alone.message).toMatch(/needs every player's agreement; agreedBy does not name p1/)
    expect((await api.status(gameId)).seq).toBe(saves.seq)

    const ruled = await api.append(gameId, { type: 'Ruling', actor: 'p2', payload: { ...ruling, agreedBy: ['p1'] } })
    expect((await api.openGame(gameId)).state.units.boyz?.models).toBe(10)
    const [outcome] = ruled.outcomes
    expect(outcome).toMatchObject({ kind: 'table-ruling', values: { unit: 'boyz', models: 10, about: saves.seq } })
    expect(outcome?.text).toBe(`table ruling for boyz about seq ${saves.seq}: models left 10 (the rules: 9)`)
    const text = renderExplanationText(outcome!.explanation)
    expect(text).toContain('the rules give 9')
    expect(text).toContain('the table rules 10')
    expect(ruled.explanation?.text).toMatch(
      /^table ruling about seq \d+ by p2, agreed by p1: the Boyz were behind the wall/,
    )
    expect(await api.verifyGame(gameId)).toMatchObject({ ok: true })
    await api.close()
  })

  it('a broken unit the table rules steady: the flee roll is no longer owed', async () => {
    const api = await openApi(tempDir())
    const demo = await createDemoGame(api)
    // The demo to its failed break test (seq 22), recorded again as a game of its own.
    const events = [...api.store.readEvents(demo, { toSeq: 22 })]
    const { gameId } = await api.createGame({
      ruleset: 'classic',
      players: [
        { id: 'druchii', name: 'Druchii raiders' },
        { id: 'orcs', name: 'Orc warband' },
      ],
      actor: 'orcs',
    })
    for (const event of events.slice(1))
      await api.append(gameId, { type: event.type, actor: event.actor, payload: event.payload })
    const owed = (await api.status(gameId)).openRequests
    expect(owed).toHaveLength(1)
    const ruled = await api.append(gameId, {
      type: 'Ruling',
      actor: 'orcs',
      payload: {
        about: 22,
        units: [{ unit: 'boyz', fleeing: false }],
        dropOpen: true,
        why: 'house rule: Waaagh!',
        agreedBy: ['druchii'],
      },
    })
    expect(ruled.status.openRequests).toEqual([])
    expect(renderExplanationText(ruled.explanation!)).toContain(`not owed by the ruling: request ${owed[0]?.id}`)
    expect((await api.openGame(gameId)).state.units.boyz?.fleeing).toBe(false)
    // The game goes on: a turn can start.
    await api.append(gameId, { type: 'TurnStarted', actor: 'orcs', payload: { turn: 2, player: 'orcs' } })
    await api.close()
  })

  it.each([
    [
      { about: 99, units: [{ unit: 'boyz', models: 1 }], why: 'x', agreedBy: ['p2'] },
      /about an earlier event, not seq 99/,
    ],
    [{ about: 3, units: [{ unit: 'orcs', models: 1 }], why: 'x', agreedBy: ['p2'] }, /no unit "orcs"/],
    [{ about: 3, why: 'x', agreedBy: ['p2'] }, /at least one unit, or drops what is owed/],
  ])('refuses %j', async (payload, message) => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    const error = await refusal(api.append(gameId, { type: 'Ruling', actor: 'p1', payload }))
    expect(error.message).toMatch(message)
    await api.close()
  })
})
