import { describe, expect, it } from 'vitest'
import { exportText, type LocalGameApi, replaySteps, SNAPSHOT_INTERVAL, type StepView } from '../../core/api/index.js'
import { classicCombat, openApi, owed, refusal, rollOwed } from '../helpers/api-game.js'
import { unitDef } from '../helpers/classic-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

/** The open request's id and who answers it. */

async function steps(api: LocalGameApi, gameId: string): Promise<StepView[]> {
  const all: StepView[] = []
  for await (const step of replaySteps(api, gameId)) all.push(step)
  return all
}

describe('undo', () => {
  it('an undone dice answer reopens its request; the log keeps both and verifies', async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    await api.append(gameId, {
      type: 'MeleeAttacksDeclared',
      actor: 'p1',
      payload: { attacker: 'warriors', target: 'boyz', models: 5 },
    })
    const request = await owed(api, gameId)
    const mistyped = await rollOwed(api, gameId, [1, 1, 1, 1, 1])
    expect(mistyped.status.openRequests.map((r) => r.id)).not.toContain(request.id)

    const undone = await api.undo(gameId, 'p1', { reason: 'typed the wrong dice' })
    expect(undone.type).toBe('Correction')
    expect(undone.status.openRequests.map((r) => r.id)).toEqual([request.id])
    const reopened = await api.openGame(gameId)
    expect(reopened.openRequests.map((r) => r.id)).toEqual([request.id])

    const rolled = await rollOwed(api, gameId, [6, 6, 6, 6, 6])
    expect(rolled.outcomes.length).toBeGreaterThan(0)
    expect(await api.verifyGame(gameId)).toMatchObject({ ok: true, events: rolled.seq })

    const log = await steps(api, gameId)
    const voided = log.find((step) => step.seq === mistyped.seq) as StepView
    expect(voided.correction).toMatchObject({ by: undone.seq, author: 'p1', reason: 'typed the wrong dice' })
    expect(voided.outcomes).toEqual([])
    expect(voided.explanation?.text).toContain(`voided by the correction at seq ${undone.seq}`)
    // The export keeps the voided answer and the correction: nothing was edited.
    const text = await exportText(api, gameId)
    expect(text).toContain('"faces":[1,1,1,1,1]')
    expect(text).toContain('"type":"Correction"')
    await api.close()
  })

  it("refuses to take back another player's event, and app dice without the other's agreement", async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    await api.append(gameId, {
      type: 'MeleeAttacksDeclared',
      actor: 'p1',
      payload: { attacker: 'warriors', target: 'boyz', models: 5 },
    })
    const before = (await api.openGame(gameId)).seq
    expect((await refusal(api.undo(gameId, 'p2'))).message).toMatch(/recorded by p1: undo takes back only your own/)
    expect((await api.openGame(gameId)).seq).toBe(before)

    await rollOwed(api, gameId, [4, 4, 4, 4, 4], 'app')
    const alone = await refusal(api.undo(gameId, 'p1'))
    expect(alone.code).toBe('api/correction-refused')
    expect(alone.message).toMatch(/needs the agreement of p2 \(agreedBy\), because seq \d+ holds dice the app rolled/)
    const agreed = await api.undo(gameId, 'p1', { reason: 'the app rolled before we were ready', agreedBy: ['p2'] })
    expect(agreed.status.openRequests).toHaveLength(1)
    await api.close()
  })

  it('undoes step by step, back past earlier undos, and stops at the start of the game', async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    const note = await api.append(gameId, { type: 'Note', actor: 'p1', payload: { text: 'first' } })
    const second = await api.append(gameId, { type: 'Note', actor: 'p1', payload: { text: 'second' } })
    const undoSecond = await api.undo(gameId, 'p1')
    expect(undoSecond.payload).toMatchObject({ voids: [second.seq] })
    const undoFirst = await api.undo(gameId, 'p1')
    expect(undoFirst.payload).toMatchObject({ voids: [note.seq] })
    // PhaseStarted and TurnStarted are p1's; the two musters are each player's own.
    await api.undo(gameId, 'p1')
    await api.undo(gameId, 'p1')
    expect((await refusal(api.undo(gameId, 'p1'))).message).toMatch(/seq 3 \(ArmyMustered\), was recorded by p2/)
    const view = await api.openGame(gameId)
    expect(view.state.turn).toBe(0)
    expect(view.state.phase).toBeNull()
    await api.close()
  })
})

describe('corrections', () => {
  /** A game where p2's Boyz were mustered at T 4; the close-combat attacks rolled against them. */
  async function mustered(api: LocalGameApi, toughness: number) {
    const { gameId } = await api.createGame({
      ruleset: 'classic',
      players: [
        { id: 'p1', name: 'One' },
        { id: 'p2', name: 'Two' },
      ],
      actor: 'p1',
    })
    await api.append(gameId, {
      type: 'ArmyMustered',
      actor: 'p1',
      payload: { player: 'p1', units: [unitDef('warriors', { profile: { WS: 4 }, gear: ['hand-weapon'] })] },
    })
    const boyz = (t: number) => ({
      player: 'p2',
      units: [unitDef('boyz', { profile: { T: t }, gear: ['hand-weapon'] })],
    })
    const muster = await api.append(gameId, { type: 'ArmyMustered', actor: 'p2', payload: boyz(toughness) })
    await api.append(gameId, { type: 'TurnStarted', actor: 'p1', payload: { turn: 1, player: 'p1' } })
    await api.append(gameId, { type: 'PhaseStarted', actor: 'p1', payload: { phase: 'close-combat' } })
    await api.append(gameId, {
      type: 'MeleeAttacksDeclared',
      actor: 'p1',
      payload: { attacker: 'warriors', target: 'boyz', models: 5 },
    })
    await rollOwed(api, gameId, [6, 6, 6, 6, 6])
    await rollOwed(api, gameId, [1, 2, 3, 4, 5])
    return { gameId, musterSeq: muster.seq, boyz }
  }

  it('a mended muster recomputes everything after it, as if it had been mustered right', async () => {
    const dir = tempDir()
    const api = await openApi(dir)
    const wrong = await mustered(api, 4)
    const right = await mustered(api, 3)
    const wrongModels = (await api.openGame(wrong.gameId)).state.units.boyz?.models
    const rightModels = (await api.openGame(right.gameId)).state.units.boyz?.models
    expect(wrongModels).not.toBe(rightModels)

    const mend = {
      replaces: [{ seq: wrong.musterSeq, type: 'ArmyMustered', v: 2, payload: wrong.boyz(3) }],
      reason: 'the Boyz are T 3, not T 4',
    }
    const alone = await refusal(api.append(wrong.gameId, { type: 'Correction', actor: 'p2', payload: mend }))
    expect(alone.message).toMatch(/needs the agreement of p1 .* it replaces seq 3/)
    const mended = await api.append(wrong.gameId, {
      type: 'Correction',
      actor: 'p2',
      payload: { ...mend, agreedBy: ['p1'] },
    })
    const corrected = await api.openGame(wrong.gameId)
    expect(corrected.state.units.boyz?.models).toBe(rightModels)
    expect(corrected.state.units.boyz?.profile.T).toBe(3)
    // The same outcomes as the game mustered right, step for step, after the muster.
    const fixed = (await steps(api, wrong.gameId)).filter((s) => s.seq < mended.seq)
    const reference = await steps(api, right.gameId)
    expect(fixed.map((s) => s.outcomes)).toEqual(reference.map((s) => s.outcomes))
    expect(fixed[wrong.musterSeq - 1]?.correction?.replacement?.type).toBe('ArmyMustered')
    expect(await api.verifyGame(wrong.gameId)).toMatchObject({ ok: true })
    await api.close()
    // A fresh api (no session) folds the same corrected game.
    const again = await openApi(dir)
    expect((await again.openGame(wrong.gameId)).state).toEqual(corrected.state)
    await again.close()
  })

  it('refuses a correction the game cannot replay, naming the event, and writes nothing', async () => {
    const api = await openApi(tempDir())
    const { gameId, musterSeq } = await mustered(api, 4)
    const head = (await api.openGame(gameId)).seq
    const error = await refusal(
      api.append(gameId, {
        type: 'Correction',
        actor: 'p2',
        payload: { voids: [musterSeq], reason: 'mustered twice', agreedBy: ['p1'] },
      }),
    )
    expect(error.code).toBe('api/correction-refused')
    expect(error.message).toMatch(/does not replay as corrected.*boyz/)
    expect((await api.openGame(gameId)).seq).toBe(head)
    expect(await api.verifyGame(gameId)).toMatchObject({ ok: true, events: head })
    await api.close()
  })

  it.each([
    [{ voids: [1], reason: 'x' }, 'p1', /seq 1 starts the game/],
    [{ voids: [99], reason: 'x' }, 'p1', /there is no seq 99/],
    [{ voids: [], reason: 'x' }, 'p1', /at least one event/],
    [{ voids: [5, 5], reason: 'x' }, 'p1', /seq 5 is named twice/],
    [{ voids: [5], reason: 'x' }, 'p3', /p3 is not a player of this game/],
    [{ voids: [5], reason: 'x', agreedBy: ['p9'] }, 'p1', /agreedBy: p9 is not a player/],
    [
      { replaces: [{ seq: 5, type: 'Correction', v: 1, payload: { voids: [4], reason: 'x' } }], reason: 'x' },
      'p1',
      /cannot be replaced by a Correction/,
    ],
    [
      { replaces: [{ seq: 5, type: 'PhaseStarted', v: 1, payload: { phase: 9 } }], reason: 'x' },
      'p1',
      /PhaseStarted v1: payload.phase/,
    ],
  ])('refuses %j by %s', async (payload, actor, message) => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    const error = await refusal(api.append(gameId, { type: 'Correction', actor, payload }))
    expect(error.message).toMatch(message)
    expect((await api.openGame(gameId)).seq).toBe(5)
    await api.close()
  })

  it('refuses to correct a correction, or an event twice', async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    const note = await api.append(gameId, { type: 'Note', actor: 'p1', payload: { text: 'n' } })
    const undo = await api.undo(gameId, 'p1')
    const twice = { voids: [note.seq], reason: 'again', agreedBy: ['p2'] }
    expect((await refusal(api.append(gameId, { type: 'Correction', actor: 'p1', payload: twice }))).message).toMatch(
      `seq ${note.seq} was corrected already, at seq ${undo.seq}`,
    )
    const ofUndo = { voids: [undo.seq], reason: 'redo', agreedBy: ['p2'] }
    expect((await refusal(api.append(gameId, { type: 'Correction', actor: 'p1', payload: ofUndo }))).message).toMatch(
      'is a Correction: it cannot be corrected',
    )
    await api.close()
  })

  it('a correction behind a snapshot: a fresh open, an open at a seq and a replay fold the corrected game', async () => {
    const dir = tempDir()
    const api = await openApi(dir)
    const gameId = await classicCombat(api)
    // p2's turn was recorded too early (the turn sequence lets only turn 1 of p2 start here): it becomes a note.
    const early = await api.append(gameId, { type: 'TurnStarted', actor: 'p1', payload: { turn: 1, player: 'p2' } })
    for (let i = 0; i < SNAPSHOT_INTERVAL + 10; i += 1)
      await api.append(gameId, { type: 'Note', actor: 'p1', payload: { text: `note ${i}` } })
    const mend = {
      replaces: [{ seq: early.seq, type: 'Note', v: 1, payload: { text: 'p1 plays on' } }],
      reason: "p1's turn was not over",
      agreedBy: ['p2'],
    }
    const corrected = await api.append(gameId, { type: 'Correction', actor: 'p1', payload: mend })
    expect(corrected.status.activePlayer).toBe('p1')
    await api.close()

    const fresh = await openApi(dir)
    expect((await fresh.status(gameId)).activePlayer).toBe('p1')
    expect((await fresh.openGame(gameId, early.seq + 5)).state.activePlayer).toBe('p1')
    const log = await steps(fresh, gameId)
    expect(log).toHaveLength(corrected.seq)
    expect(log[early.seq - 1]?.explanation?.text).toBe('note: p1 plays on')
    await fresh.close()
  })
})

describe('corrections travel and print', () => {
  it('an exported corrected game imports as corrected; a forged correction in a file is refused', async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    await api.append(gameId, {
      type: 'MeleeAttacksDeclared',
      actor: 'p1',
      payload: { attacker: 'warriors', target: 'boyz' },
    })
    await rollOwed(api, gameId, [2, 2, 2, 2, 2, 2, 2, 2, 2, 2])
    await api.undo(gameId, 'p1')
    const text = await exportText(api, gameId)
    const other = await openApi(tempDir())
    await other.importGame(text)
    expect((await other.openGame(gameId)).openRequests).toEqual((await api.openGame(gameId)).openRequests)

    // The same file with the undo made by p2 (who recorded none of it), re-hashed: the policy refuses it.
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    const events = lines.slice(0, -1)
    events[events.length - 1].actor = 'p2'
    const { rechain } = await import('../helpers/cli.js')
    rechain(events)
    const closing = { arbiterExport: { ...lines.at(-1).arbiterExport, head: events.at(-1).hash } }
    const forged = [...events, closing].map((line) => JSON.stringify(line)).join('\n')
    const third = await openApi(tempDir())
    const error = await refusal(third.importGame(`${forged}\n`))
    expect(error.code).toBe('import/bad-line')
    expect(error.message).toMatch(/needs the agreement of p1 .*recorded by p1/)
    await Promise.all([api.close(), other.close(), third.close()])
  })

  it('`arbiter undo` records the correction; `replay` marks the voided step', async () => {
    const { run } = await import('../helpers/cli.js')
    const dir = tempDir()
    const db = `${dir}/cli.sqlite`
    const api = await openApi(dir, 'cli.sqlite')
    const gameId = await classicCombat(api)
    const note = await api.append(gameId, { type: 'Note', actor: 'p2', payload: { text: 'wrong note' } })
    await api.close()
    const refused = await run('undo', '--db', db, '--game', gameId, '--as', 'p1')
    expect(refused.code).toBe(1)
    expect(refused.err).toMatch(/api\/correction-refused: the last event, seq 6 \(Note\), was recorded by p2/)
    const undone = await run('undo', '--db', db, '--game', gameId, '--as', 'p2', '--reason', 'meant for another game')
    expect(undone.code).toBe(0)
    expect(undone.out).toMatch(/^#7 Correction \(p2\): correction by p2: voids seq 6 \(meant for another game\)/)
    const replay = await run('replay', '--db', db, '--game', gameId)
    expect(replay.out).toContain(`#${note.seq} Note (p2) [VOIDED by #7 (p2): meant for another game]\n`)
    const json = await run('replay', '--db', db, '--game', gameId, '--json')
    const voided = json.out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))[note.seq - 1]
    expect(voided.correction).toEqual({ by: 7, author: 'p2', reason: 'meant for another game', agreedBy: [] })
  })
})
