import { describe, expect, it } from 'vitest'
import type { LocalGameApi } from '../../core/api/index.js'
import { openApi } from '../helpers/api-game.js'
import type { Draft } from '../helpers/classic-game.js'
import { owEv, owUnit } from '../helpers/old-world-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

/**
 * The Old World game of test/scenarios/old-world/stubborn-break-tests.test.ts (every outcome worked out by hand
 * there), recorded through the api, answers by the player each request names.
 */
const swordsmen = owUnit('swordsmen', {
  name: 'Swordsmen',
  models: 20,
  formation: { files: 20 },
  profile: { M: 4, WS: 4, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 8 },
})
const ironbreakers = owUnit('ironbreakers', {
  name: 'Ironbreakers',
  models: 10,
  formation: { files: 10 },
  profile: { M: 3, WS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 },
  rules: ['stubborn'],
})
const answers: Draft[] = [
  owEv.joined('swordsmen', 'ironbreakers', 5, 'c1'), // 6
  owEv.dice('6.1', [6, 5, 4, 3, 2]), // 7
  owEv.dice('7.1', [6, 5, 4, 1]), // 8: 3 wounds: 10 -> 7
  owEv.dice('8.1', [4, 2]), // 9
  owEv.dice('9.1', [5]), // 10: 20 -> 19; the result 3 + 1 (Massed Infantry) to 1
  owEv.choice('10.1', 'fall-back'), // 11
  owEv.dice('11.1', [2, 5]), // 12
  owEv.choice('12.1', 'pursue'), // 13
  owEv.dice('13.1', [3, 4]), // 14
  owEv.turn(1, 'p2'), // 15
  owEv.phase('close-combat'), // 16
  owEv.turn(2, 'p1'), // 17
  owEv.phase('close-combat'), // 18
  owEv.joined('swordsmen', 'ironbreakers', 5, 'pursuit-14'), // 19: the combat the pursuit made (flee-and-pursuit §fresh-enemy)
  owEv.dice('19.1', [5, 5, 5, 2, 1]), // 20
  owEv.dice('20.1', [4, 4, 2]), // 21: 2 wounds: 7 -> 5
  owEv.dice('21.1', [6, 1, 1]), // 22
  owEv.dice('22.1', [3]), // 23
  owEv.dice('23.1', [3, 3]), // 24: the second break test: broken
  owEv.dice('24.1', [4, 2]), // 25: flees 6"
  owEv.choice('25.1', 'pursue'), // 26
  owEv.dice('26.1', [3, 3]), // 27: caught
]

async function record(api: LocalGameApi): Promise<string> {
  const { gameId } = await api.createGame({
    ruleset: 'old-world',
    players: [
      { id: 'p1', name: 'One' },
      { id: 'p2', name: 'Two' },
    ],
    actor: 'p1',
  })
  const setup = [
    owEv.mustered('p1', swordsmen),
    owEv.mustered('p2', ironbreakers),
    owEv.turn(1, 'p1'),
    owEv.phase('close-combat'),
  ]
  for (const draft of [...setup, ...answers]) {
    const requestId = (draft.payload as { requestId?: string }).requestId
    const request = (await api.openGame(gameId)).openRequests.find((open) => open.id === requestId)
    const actor = request ? (request.kind === 'dice' ? request.roller : request.chooser) : (draft.actor ?? 'p1')
    await api.append(gameId, { type: draft.type, actor, payload: draft.payload })
  }
  return gameId
}

describe('the audit of an Old World game', () => {
  it('finds the planted claims with the Old World rule cited; after corrections it is clean', async () => {
    const api = await openApi(tempDir())
    const gameId = await record(api)
    expect((await api.status(gameId)).seq).toBe(27)
    const claim = async (actor: string, payload: object) =>
      (await api.append(gameId, { type: 'Claim', actor, payload })).seq
    const planted = [
      await claim('p2', { about: 8, unit: 'ironbreakers', modelsRemoved: 2 }),
      // Massed Infantry forgotten: 3 to 1, where the rules give 4 to 1.
      await claim('p1', { about: 10, combat: 'c1', scores: { p1: 3, p2: 1 } }),
      await claim('p2', { about: 24, unit: 'ironbreakers', breakTest: 'passed', note: 'we forgot the Unit Strength' }),
      await claim('p2', { about: 25, unit: 'ironbreakers', fledInches: 7 }),
    ]
    await claim('p2', { about: 21, unit: 'ironbreakers', modelsRemoved: 2 })
    const report = await api.audit(gameId)
    expect(report.entries.map((entry) => entry.seq)).toEqual(planted)
    expect(report.entries.every((entry) => entry.changedGame)).toBe(true)
    const [, result, breakTest] = report.entries
    expect(result?.rules).toBe('combat result p1 4, p2 1')
    expect(result?.cited.map((rule) => `${rule.ruleset}/${rule.id} §${rule.clause}`)).toContain(
      'old-world/combat-result §massed-infantry',
    )
    expect(breakTest?.cited.some((rule) => rule.ruleset === 'old-world' && rule.id === 'break-test')).toBe(true)

    await api.append(gameId, {
      type: 'Correction',
      actor: 'p2',
      payload: { voids: planted, reason: 'the claims were wrong', agreedBy: ['p1'] },
    })
    const after = await api.audit(gameId)
    expect(after.changedGame).toBe(false)
    expect(after.entries.map((entry) => entry.kind)).toEqual(['correction'])
    expect(await api.verifyGame(gameId)).toMatchObject({ ok: true })
    await api.close()
  })
})
