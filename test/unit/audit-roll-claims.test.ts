import { describe, expect, it } from 'vitest'
import type { LocalGameApi } from '../../core/api/index.js'
import { gameEvents } from '../../core/events/index.js'
import { openApi } from '../helpers/api-game.js'
import { ev, unitDef } from '../helpers/classic-game.js'
import { run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

/**
 * A classic combat recorded through the api: Corsairs (WS 4, S 4, Hatred, Killing Blow) charge Swordsmen (light
 * armour and shield). Seqs and requests, by hand:
 *  6 CombatJoined: 5 Corsairs attack, 3+ to hit (WS 4 against WS 3), Hatred re-rolls the misses (6.1)
 *  7 [6, 5, 4, 2, 1]: 3 hits; the 2 and the 1 re-rolled (7.1)
 *  8 [4, 2]: one more hit, 4; 3+ to wound (S 4 against T 3) (8.1)
 *  9 [5, 5, 2, 1]: 2 wounds, no natural 6 (so no Killing Blow); armour 5+ (light armour 6+, shield +1) worsened
 *    by 1 for S 4: 6+ (9.1)
 * 10 [5, 3]: no save; 2 Swordsmen fall (10 -> 8); 3 of them strike back, 4+ (10.1)
 * 11 [4, 4, 2]: 2 hits, 4+ to wound (11.1)
 * 12 [4, 1]: 1 wound (the Corsairs have no armour); the combat result; the Swordsmen lost and test on Ld 7 less the
 *    margin, 5 (12.1)
 * 13 [3, 3]: 6 > 5: they break and flee (13.1); 14 [4, 2] flee 6"; 15 [2, 1] the pursuit (3) does not catch them.
 */
async function record(api: LocalGameApi, ruleset: 'classic' | 'old-world' = 'classic'): Promise<string> {
  const { gameId } = await api.createGame({
    ruleset,
    players: [
      { id: 'p1', name: 'One' },
      { id: 'p2', name: 'Two' },
    ],
    actor: 'p1',
  })
  const corsairs = unitDef('corsairs', {
    name: 'Corsairs',
    models: 10,
    profile: { WS: 4, S: 4, I: 5, Ld: 8 },
    rules: ruleset === 'classic' ? ['hatred', 'killing-blow'] : ['hatred'],
    formation: { files: 5 },
  })
  const swordsmen = unitDef('swordsmen', {
    name: 'Swordsmen',
    models: 10,
    profile: { WS: 3, T: 3, I: 3, Ld: 7 },
    gear: ['hand-weapon', 'light-armour', 'shield'],
    formation: { files: 5 },
  })
  const drafts = [
    ev.mustered('p1', corsairs),
    ev.mustered('p2', swordsmen),
    ev.turn(1, 'p1'),
    ev.phase('close-combat'),
    ev.joined('corsairs', 'swordsmen'),
  ]
  for (const draft of drafts)
    await api.append(gameId, { type: draft.type, actor: draft.actor ?? 'p1', payload: draft.payload })
  for (const answer of ruleset === 'classic' ? CLASSIC_ANSWERS : OLD_WORLD_ANSWERS) {
    const [open] = (await api.openGame(gameId)).openRequests
    if (!open) throw new Error('expected an open request')
    await api.append(
      gameId,
      open.kind === 'dice'
        ? { type: 'DiceRolled', actor: open.roller, payload: { requestId: open.id, faces: answer, source: 'physical' } }
        : { type: 'ChoiceMade', actor: open.chooser, payload: { requestId: open.id, option: answer } },
    )
  }
  return gameId
}
const CLASSIC_ANSWERS = [
  [6, 5, 4, 2, 1],
  [4, 2],
  [5, 5, 2, 1],
  [5, 3],
  [4, 4, 2],
  [4, 1],
  [3, 3],
  [4, 2],
  [2, 1],
]
/**
 * The same combat under The Old World (old-world/*), by hand: to hit 3+ with Hatred's re-roll as above (6.1, 7.1);
 *  8 [4, 2]: 4 hits, 3+ to wound (8.1); 9 [5, 5, 2, 1]: 2 wounds; armour 5+: light armour 6+, shield +1, and no
 *    Armour Piercing (Strength does not worsen it) (9.1)
 * 10 [5, 3]: one saved; 1 Swordsman falls (10 -> 9); 4 strike back, 4+ (10.1); 11 [4, 2, 2, 1]: 1 hit (11.1)
 * 12 [1]: no wound; the combat result 3 to 0; the Swordsmen test on Ld 7 with the 3 added to the roll (12.1)
 * 13 [3, 2]: 5 <= 7, but 5 + 3 > 7: they fall back in good order (13.1); 14 [4, 2] 4"; 15 pursue; 16 [2, 1] 3".
 */
const OLD_WORLD_ANSWERS = [
  [6, 5, 4, 2, 1],
  [4, 2],
  [5, 5, 2, 1],
  [5, 3],
  [4, 2, 2, 1],
  [1],
  [3, 2],
  [4, 2],
  'pursue',
  [2, 1],
]

describe('claims about rolls: the need, the Leadership, a re-roll, a special rule', () => {
  it('finds the five planted mistakes of a classic game with the rule cited; after corrections it is clean', async () => {
    const dir = tempDir()
    const api = await openApi(dir, 'claims.sqlite')
    const gameId = await record(api)
    expect((await api.status(gameId)).seq).toBe(15)
    const state = (await api.openGame(gameId)).state
    expect([state.units.swordsmen?.models, state.units.corsairs?.models]).toEqual([8, 9])
    const claim = async (actor: string, payload: object) =>
      (await api.append(gameId, { type: 'Claim', actor, payload })).seq
    const planted = {
      // Hatred forgotten: the 2 and the 1 kept; the re-rolled 4 was a fourth hit.
      reroll: await claim('p1', { about: 7, rerolled: false, note: 'we forgot Hatred' }),
      // The S 4 modifier forgotten: saved on 5+, where the rules give 6+.
      armour: await claim('p2', { about: 10, need: 5 }),
      // Killing Blow claimed for wounds with no natural 6.
      killingBlow: await claim('p1', { about: 9, rule: 'killing-blow', note: 'the 5s killed outright' }),
      // The combat result counted without the charge and the ranks.
      result: await claim('p1', { about: 12, combat: 'c1', scores: { p1: 2, p2: 1 } }),
      // The break test taken on the unit's Ld 7, the margin forgotten.
      leadership: await claim('p2', { about: 13, leadership: 7 }),
    }
    // Claims the rules bear out: the to-wound 3+, Hatred's re-roll named by its request, the Swordsmen's own test.
    await claim('p1', { about: 9, need: 3 })
    await claim('p1', { about: 2, request: '7.1', rerolled: false })
    await claim('p1', { about: 8, request: '6.1', rerolled: true })
    await claim('p2', { about: 13, leadership: 5, breakTest: 'failed', unit: 'swordsmen' })

    const report = await api.audit(gameId)
    expect(report.entries.map((entry) => entry.seq)).toEqual(Object.values(planted))
    const at = (seq: number) => report.entries.find((entry) => entry.seq === seq)!
    const cites = (seq: number) => at(seq).cited.map((rule) => `${rule.ruleset}/${rule.id} §${rule.clause}`)

    expect(at(planted.reroll)).toMatchObject({
      rules: expect.stringMatching(/2 failed dice re-rolled \(Hatred\)$/),
      seqs: [7, 8, planted.reroll],
      changedGame: true,
      changes: ['1 of the 2 re-rolled dice came up a success'],
    })
    expect(cites(planted.reroll)).toContain('classic/hatred §re-roll')

    expect(at(planted.armour)).toMatchObject({ table: expect.stringMatching(/rolled needing 5\+$/), changedGame: true })
    expect(at(planted.armour).rules).toMatch(/roll 9\.1 \(Swordsmen, armour-save\): needs 6\+$/)
    expect(at(planted.armour).changes).toEqual(['dice 5, 3: 1 succeed at 5+, 0 at 6+'])
    expect(cites(planted.armour)).toEqual(
      expect.arrayContaining(['classic/shield §save', 'classic/armour-save §strength-modifier']),
    )

    expect(at(planted.killingBlow)).toMatchObject({
      table: 'seq 9: Killing Blow applied',
      rules: 'seq 9: Killing Blow does not apply',
      changedGame: true,
    })
    expect(cites(planted.killingBlow)).toEqual(['classic/killing-blow §natural-6'])
    expect(at(planted.killingBlow).cited[0]?.text).toMatch(/natural 6/)

    expect(cites(planted.result)).toContain('classic/combat-result §ranks')
    expect(at(planted.result).changedGame).toBe(true)

    expect(at(planted.leadership)).toMatchObject({
      rules: expect.stringMatching(/tested on 5$/),
      changes: ['dice 3 + 3: passed on 7, failed on 5'],
    })
    expect(cites(planted.leadership)).toEqual(expect.arrayContaining(['classic/break-test §modifier']))

    const printed = await run('audit', '--db', `${dir}/claims.sqlite`, '--game', gameId)
    expect(printed.code).toBe(1)
    expect(printed.out).toMatch(/5 departures from the rules, 5 of them changed the game\n$/)

    // The table takes the claims back, and mends the first: it did re-roll after all.
    await api.append(gameId, {
      type: 'Correction',
      actor: 'p1',
      payload: {
        voids: [planted.armour, planted.killingBlow, planted.result, planted.leadership],
        replaces: [{ seq: planted.reroll, type: 'Claim', v: 2, payload: { about: 7, rerolled: true } }],
        reason: 'we misremembered',
        agreedBy: ['p2'],
      },
    })
    const after = await api.audit(gameId)
    expect(after.entries.map((entry) => entry.kind)).toEqual(['correction'])
    expect(after.changedGame).toBe(false)
    expect(await api.verifyGame(gameId)).toMatchObject({ ok: true })
    await api.close()
    const clean = await run('audit', '--db', `${dir}/claims.sqlite`, '--game', gameId)
    expect(clean.code).toBe(0)
    expect((await run('verify', '--db', `${dir}/claims.sqlite`, '--game', gameId)).code).toBe(0)
  })

  it('finds the planted mistakes of an Old World game with the Old World rule cited; after corrections it is clean', async () => {
    const api = await openApi(tempDir())
    const gameId = await record(api, 'old-world')
    expect((await api.status(gameId)).seq).toBe(16)
    const claim = async (actor: string, payload: object) =>
      (await api.append(gameId, { type: 'Claim', actor, payload })).seq
    const planted = {
      reroll: await claim('p1', { about: 7, rerolled: false }),
      // Strength taken off the save and Parry forgotten: 6+, where the Old World gives 4+.
      armour: await claim('p2', { about: 10, need: 6 }),
      result: await claim('p1', { about: 12, combat: 'c1', scores: { p1: 1, p2: 0 } }),
      // The test taken on the Corsairs' Ld 8.
      leadership: await claim('p2', { about: 13, leadership: 8 }),
      stubborn: await claim('p2', { about: 13, rule: 'stubborn' }),
    }
    await claim('p2', { about: 13, leadership: 7 })
    await claim('p2', { about: 10, need: 4 })
    const report = await api.audit(gameId)
    expect(report.entries.map((entry) => entry.seq)).toEqual(Object.values(planted))
    const at = (seq: number) => report.entries.find((entry) => entry.seq === seq)!
    const cites = (seq: number) => at(seq).cited.map((rule) => `${rule.ruleset}/${rule.id} §${rule.clause}`)
    expect(cites(planted.reroll)).toContain('old-world/hatred §re-roll')
    expect(at(planted.reroll).changes).toEqual(['1 of the 2 re-rolled dice came up a success'])
    expect(at(planted.armour).rules).toMatch(/needs 4\+$/)
    expect(at(planted.armour).changes).toEqual(['dice 5, 3: 0 succeed at 6+, 1 at 4+'])
    expect(cites(planted.armour)).toEqual(
      expect.arrayContaining([
        'old-world/light-armour §save',
        'old-world/shield §improves',
        'old-world/parry §improves',
      ]),
    )
    expect(at(planted.result).rules).toBe('combat result p1 3, p2 0')
    expect(at(planted.leadership)).toMatchObject({
      rules: expect.stringMatching(/tested on 7$/),
      changes: ['dice 3 + 2: passed on 8, failed on 7'],
    })
    expect(cites(planted.leadership)).toContain('old-world/break-test §modifier')
    expect(at(planted.stubborn)).toMatchObject({ rules: 'seq 13: Stubborn does not apply', changedGame: true })
    expect(cites(planted.stubborn).every((rule) => rule.startsWith('old-world/stubborn §'))).toBe(true)
    expect(cites(planted.stubborn).length).toBeGreaterThan(0)

    await api.append(gameId, {
      type: 'Correction',
      actor: 'p2',
      payload: { voids: Object.values(planted), reason: 'the claims were wrong', agreedBy: ['p1'] },
    })
    const after = await api.audit(gameId)
    expect(after.changedGame).toBe(false)
    expect(after.entries.map((entry) => entry.kind)).toEqual(['correction'])
    expect(await api.verifyGame(gameId)).toMatchObject({ ok: true })
    await api.close()
  })

  it('refuses a claim of a rule the catalogue lacks, or of a later roll; reads a v1 claim as a v2 one', async () => {
    const dir = tempDir()
    let api = await openApi(dir)
    const gameId = await record(api)
    const refused = (payload: object) => api.append(gameId, { type: 'Claim', actor: 'p1', payload })
    await expect(refused({ about: 9, rule: 'killing-blows' })).rejects.toThrow(
      /"killing-blows" is no entry of the classic/,
    )
    await expect(refused({ about: 9, request: '16.1', need: 3 })).rejects.toThrow(/an earlier roll, not 16\.1/)
    await expect(refused({ about: 9, ruleApplied: false })).rejects.toThrow(/names the rule/)
    await expect(refused({ about: 9, need: 0 })).rejects.toThrow(/need/)
    expect((await api.status(gameId)).seq).toBe(15)
    await api.close()
    // The command line takes the new fields as flags.
    const db = ['--db', `${dir}/arbiter.sqlite`, '--game', gameId, '--as', 'p1']
    const declared = await run('declare', 'Claim', '--about', '7', '--rerolled', 'false', '--rule', 'hatred', ...db)
    expect(declared).toMatchObject({ code: 0 })
    const printed = await run('audit', ...db.slice(0, 4))
    expect(printed.out).toMatch(/#16 claim by p1 \(seqs 7, 8, 16\): CHANGED THE GAME/)
    expect(printed.out).not.toMatch(/Hatred does not apply/)
    await run('undo', ...db)
    api = await openApi(dir)
    // A claim about an event that answered no roll says so.
    await refused({ about: 6, need: 3 })
    const claims = (await api.audit(gameId)).entries.filter((entry) => entry.kind === 'claim')
    expect(claims).toHaveLength(1)
    expect(claims[0]).toMatchObject({ rules: 'seq 6 answered no roll', changedGame: false })
    await api.close()

    const v1 = { about: 9, unit: 'swordsmen', modelsRemoved: 2 }
    expect(gameEvents.readPayload('Claim', 1, v1)).toEqual(v1)
    expect(() => gameEvents.validateNew('Claim', 1, v1)).toThrow(/current version 2/)
    expect(() => gameEvents.readPayload('Claim', 1, { ...v1, need: 3 })).toThrow(/need/)
  })
})
