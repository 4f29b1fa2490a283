import { describe, expect, it } from 'vitest'
import { createDemoGame, type LocalGameApi } from '../../core/api/index.js'
import { openApi } from '../helpers/api-game.js'
import { run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

/**
 * The demo game (two rounds; seqs worked out by hand in test/scenarios/games/two-rounds-boyz-break.expected.json)
 * with what the table said it did: five claims the rules contradict, one they bear out, and one miscount that
 * leaves the combat's winner and margin as they were.
 */
async function claimedDemo(api: LocalGameApi) {
  const gameId = await createDemoGame(api)
  const claim = async (actor: string, payload: object) =>
    (await api.append(gameId, { type: 'Claim', actor, payload })).seq
  const planted = {
    // Round 1: one Warrior fell (the shield's save), not two.
    warriorsRemoved: await claim('druchii', {
      about: 9,
      unit: 'warriors',
      modelsRemoved: 2,
      note: 'no shield save taken',
    }),
    // Round 2: three Boyz fell, not two.
    boyzRemoved: await claim('orcs', { about: 18, unit: 'boyz', modelsRemoved: 2 }),
    // Round 2's result: 6 to 5, not a draw.
    result: await claim('orcs', { about: 21, combat: 'boyz-charge', scores: { druchii: 6, orcs: 6 } }),
    // The break test on Ld 7 (the -1 forgotten): 9 fails either way, the table said it passed.
    breakTest: await claim('orcs', { about: 22, unit: 'boyz', breakTest: 'passed', note: 'took it on Ld 7' }),
    fled: await claim('orcs', { about: 23, unit: 'boyz', fledInches: 7 }),
  }
  const right = await claim('orcs', { about: 12, unit: 'boyz', modelsRemoved: 2 })
  const drawMiscounted = await claim('druchii', { about: 12, combat: 'boyz-charge', scores: { druchii: 7, orcs: 7 } })
  return { gameId, planted, right, drawMiscounted }
}

describe('the audit', () => {
  it('finds exactly the claims the rules contradict, with the rule cited; after corrections it is clean', async () => {
    const dir = tempDir()
    const api = await openApi(dir, 'audit.sqlite')
    const { gameId, planted, right, drawMiscounted } = await claimedDemo(api)
    const report = await api.audit(gameId)
    const claims = report.entries.filter((entry) => entry.kind === 'claim')
    expect(claims.map((entry) => entry.seq)).toEqual([...Object.values(planted), drawMiscounted])
    expect(claims.map((entry) => entry.seq)).not.toContain(right)
    const at = (seq: number) => claims.find((entry) => entry.seq === seq)!
    expect(at(planted.warriorsRemoved)).toMatchObject({
      table: 'warriors: 2 models removed',
      rules: 'warriors: 1 model removed',
      seqs: [9, planted.warriorsRemoved],
      changedGame: true,
    })
    expect(at(planted.result).cited.map((rule) => rule.id)).toContain('combat-result')
    expect(at(planted.result).cited.find((rule) => rule.id === 'combat-result')?.text.length).toBeGreaterThan(10)
    expect(at(planted.breakTest).cited.map((rule) => rule.id)).toContain('break-test')
    expect(at(planted.breakTest).rules).toBe('boyz: break test failed')
    expect(at(planted.fled).rules).toBe('boyz fled 5"')
    expect(at(planted.boyzRemoved).engineExplanation?.text).toBeDefined()
    // A draw counted 7 all is still a draw by 0: it did not change the game.
    expect(at(drawMiscounted)).toMatchObject({ changedGame: false, changes: [] })
    expect(report.changedGame).toBe(true)

    const printed = await run('audit', '--db', `${dir}/audit.sqlite`, '--game', gameId)
    expect(printed.code).toBe(1)
    expect(printed.out).toContain(`#${planted.result} claim by orcs (seqs 21, ${planted.result}): CHANGED THE GAME`)
    expect(printed.out).toMatch(/cites classic\/break-test §/)
    expect(printed.out).toMatch(/6 departures from the rules, 5 of them changed the game\n$/)

    // The players take the five claims back (they were mistaken), every player agreeing.
    await api.append(gameId, {
      type: 'Correction',
      actor: 'orcs',
      payload: { voids: Object.values(planted), reason: 'we misread the table', agreedBy: ['druchii'] },
    })
    const after = await api.audit(gameId)
    expect(after.entries.map((entry) => entry.kind)).toEqual(['claim', 'correction'])
    expect(after.entries.find((entry) => entry.kind === 'correction')).toMatchObject({ changedGame: false })
    expect(after.changedGame).toBe(false)
    expect(await api.verifyGame(gameId)).toMatchObject({ ok: true })
    await api.close()
    const clean = await run('audit', '--db', `${dir}/audit.sqlite`, '--game', gameId, '--json')
    expect(clean.code).toBe(0)
    expect(JSON.parse(clean.out)).toMatchObject({ changedGame: false })
  })

  it('lists a ruling that changed a unit, and a correction that changed the game', async () => {
    const api = await openApi(tempDir())
    const ruled = await createDemoGame(api)
    await api.append(ruled, {
      type: 'Ruling',
      actor: 'orcs',
      payload: { about: 25, units: [{ unit: 'boyz', models: 20 }], why: 'not caught: the ford', agreedBy: ['druchii'] },
    })
    const ruling = (await api.audit(ruled)).entries.find((entry) => entry.kind === 'ruling')
    expect(ruling).toMatchObject({ seqs: [25, 26], changedGame: true })
    expect(ruling?.changes).toEqual(['boyz models: the rules give 0, the table ruled 20'])

    // The pursuit roll was a 2, not a 7: the Boyz get away.
    const corrected = await createDemoGame(api)
    const pursuit = { requestId: '24.1', faces: [1, 1], source: 'physical' }
    await api.append(corrected, {
      type: 'Correction',
      actor: 'druchii',
      payload: {
        replaces: [{ seq: 25, type: 'DiceRolled', v: 1, payload: pursuit }],
        reason: 'typo',
        agreedBy: ['orcs'],
      },
    })
    const correction = (await api.audit(corrected)).entries.find((entry) => entry.kind === 'correction')
    expect(correction).toMatchObject({ seqs: [25, 26], changedGame: true })
    expect(correction?.changes.join(' ')).toMatch(/Orc Boyz: .*models/)
    await api.close()
  })
})
