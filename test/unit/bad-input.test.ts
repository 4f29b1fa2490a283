import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportText, LocalGameApi } from '../../core/api/index.js'
import { classicCombat, openApi } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

/** Runs `bad` against a game, expects the named error, then checks nothing was written and the chain holds. */
async function refusedAndUnchanged(
  bad: (api: LocalGameApi, gameId: string) => Promise<unknown>,
  error: { code: string; message: RegExp },
) {
  const api = await openApi(tempDir())
  const gameId = await classicCombat(api)
  const before = await exportText(api, gameId)
  let caught: unknown
  try {
    await bad(api, gameId)
  } catch (e) {
    caught = e
  }
  expect(caught).toMatchObject({ code: error.code })
  expect((caught as Error).message).toMatch(error.message)
  expect(await exportText(api, gameId)).toBe(before)
  expect(api.store.verifyGame(gameId)).toEqual({ ok: true, events: 5 })
  // and the game goes on from where it was
  expect((await api.append(gameId, { type: 'Note', actor: 'p1', payload: { text: 'still here' } })).seq).toBe(6)
  await api.close()
}

describe('bad input gets a clear error and changes nothing', () => {
  it('an unknown event type', async () => {
    await refusedAndUnchanged((api, g) => api.append(g, { type: 'UnitTeleported', actor: 'p1', payload: {} }), {
      code: 'event/invalid',
      message: /unknown event type "UnitTeleported"/,
    })
  })

  it('a wrong payload field, named with the event type', async () => {
    await refusedAndUnchanged(
      (api, g) =>
        api.append(g, {
          type: 'MeleeAttacksDeclared',
          actor: 'p1',
          payload: { attacker: 'warriors', target: 'boyz', models: -2 },
        }),
      {
        code: 'event/invalid',
        message: /^MeleeAttacksDeclared v1: payload\.models: /,
      },
    )
  })

  it('an answer to no request', async () => {
    await refusedAndUnchanged(
      (api, g) =>
        api.append(g, {
          type: 'DiceRolled',
          actor: 'p1',
          payload: { requestId: '4.1', faces: [6], source: 'physical' },
        }),
      {
        code: 'engine/no-such-request',
        message: /answers request "4.1", which is not open \(none is open\)/,
      },
    )
  })

  it('dice of the wrong count for the open request', async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    await api.append(gameId, {
      type: 'MeleeAttacksDeclared',
      actor: 'p1',
      payload: { attacker: 'warriors', target: 'boyz', models: 2 },
    })
    await expect(
      api.append(gameId, {
        type: 'DiceRolled',
        actor: 'p1',
        payload: { requestId: '6.1', faces: [6, 6, 6], source: 'physical' },
      }),
    ).rejects.toMatchObject({ code: 'engine/wrong-dice' })
    expect(api.store.head(gameId).seq).toBe(6)
    // the refused answer left the request open: the right dice are taken
    expect(
      (
        await api.append(gameId, {
          type: 'DiceRolled',
          actor: 'p1',
          payload: { requestId: '6.1', faces: [6, 2], source: 'physical' },
        })
      ).outcomes[0]?.values,
    ).toMatchObject({ hits: 1 })
    await api.close()
  })

  it('a stale expected version', async () => {
    await refusedAndUnchanged((api, g) => api.append(g, { type: 'Note', actor: 'p1', payload: { text: 'x' } }, 2), {
      code: 'store/conflict',
      message: /is at seq 5, the writer expected 2/,
    })
  })

  it('a rule the engine refuses (an attack outside the close-combat phase)', async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    // p2's turn, its magic phase (phases do not go back within p1's turn: classic/turn-sequence §phases).
    await api.append(gameId, { type: 'TurnStarted', actor: 'p2', payload: { turn: 1, player: 'p2' } })
    await api.append(gameId, { type: 'PhaseStarted', actor: 'p2', payload: { phase: 'magic' } })
    await expect(
      api.append(gameId, {
        type: 'MeleeAttacksDeclared',
        actor: 'p1',
        payload: { attacker: 'warriors', target: 'boyz' },
      }),
    ).rejects.toMatchObject({ code: 'rules/wrong-phase' })
    expect(api.store.head(gameId).seq).toBe(7)
    expect(api.store.verifyGame(gameId)).toEqual({ ok: true, events: 7 })
    await api.close()
  })

  it('a malformed JSON line in an imported file, named by its line', async () => {
    const dir = tempDir()
    const api = await openApi(dir)
    const gameId = await classicCombat(api)
    const lines = (await exportText(api, gameId)).trimEnd().split('\n')
    lines[3] = (lines[3] as string).slice(0, 40)
    await expect(api.importGame(`${lines.join('\n')}\n`)).rejects.toThrow(/^line 4: not valid JSON/)
    expect((await api.listGames()).length).toBe(1)
    expect(api.store.verifyGame(gameId)).toEqual({ ok: true, events: 5 })
    await api.close()
  })

  it('a file that is not a SQLite database', async () => {
    const dir = tempDir()
    const file = join(dir, 'army-list.txt')
    writeFileSync(file, 'Dark Elf Warriors x20\nCorsairs x10\n')
    await expect(LocalGameApi.open(file)).rejects.toMatchObject({
      code: 'store/not-a-database',
      message: expect.stringContaining('army-list.txt is not an Arbiter database'),
    })
    expect(readFileSync(file, 'utf8')).toBe('Dark Elf Warriors x20\nCorsairs x10\n')
  })
})
