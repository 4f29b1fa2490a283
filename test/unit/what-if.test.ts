import { describe, expect, it } from 'vitest'
import type { LocalGameApi, WhatIfEdit } from '../../core/api/index.js'
import { openApi, refusal } from '../helpers/api-game.js'
import { type Draft, ev, profile, unitDef } from '../helpers/classic-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

/** Records drafts through the api; dice and choices go to the request open now, by the player it names. */
class Recorder {
  constructor(
    readonly api: LocalGameApi,
    readonly gameId: string,
  ) {}
  static async start(api: LocalGameApi): Promise<Recorder> {
    const { gameId } = await api.createGame({
      ruleset: 'classic',
      players: [
        { id: 'p1', name: 'One' },
        { id: 'p2', name: 'Two' },
      ],
      actor: 'p1',
    })
    return new Recorder(api, gameId)
  }
  async add(draft: Draft): Promise<number> {
    const written = await this.api.append(this.gameId, { actor: 'p1', ...draft })
    return written.seq
  }
  private async answer(type: 'DiceRolled' | 'ChoiceMade', payload: object): Promise<number> {
    const [request] = (await this.api.openGame(this.gameId)).openRequests
    if (!request) throw new Error('nothing is owed')
    const actor = request.kind === 'dice' ? request.roller : request.chooser
    const written = await this.api.append(this.gameId, { type, actor, payload: { requestId: request.id, ...payload } })
    return written.seq
  }
  roll = (faces: number[]) => this.answer('DiceRolled', { faces, source: 'physical' })
  choose = (option: string) => this.answer('ChoiceMade', { option })
}

/** Two rounds of attacks: the Warriors (S 3) hit and wound the Boyz (T 4, no armour), then the Boyz strike back. */
async function twoAttacks(api: LocalGameApi) {
  const game = await Recorder.start(api)
  await game.add(ev.mustered('p1', unitDef('warriors', { profile: { WS: 4 }, gear: ['hand-weapon'] })))
  await game.add(ev.mustered('p2', unitDef('boyz', { profile: { T: 4 }, gear: ['hand-weapon'] })))
  await game.add(ev.turn(1, 'p1'))
  await game.add(ev.phase('close-combat'))
  await game.add(ev.attack('warriors', 'boyz', 5))
  const toHit = await game.roll([6, 6, 6, 6, 6])
  const toWound = await game.roll([1, 2, 3, 4, 5])
  await game.add({ ...ev.attack('boyz', 'warriors', 5), actor: 'p2' })
  const backToHit = await game.roll([5, 5, 5, 1, 1])
  const backToWound = await game.roll([6, 6, 2])
  return { game, toHit, toWound, backToHit, backToWound }
}

describe('what-if forks', () => {
  it('one die changed in round one changes exactly the outcomes downstream of it', async () => {
    const api = await openApi(tempDir())
    const { game, toWound } = await twoAttacks(api)
    const head = (await api.status(game.gameId)).seq
    const fork = await api.whatIf(game.gameId, [{ kind: 'dice', seq: toWound, faces: [5, 5, 5, 4, 5] }])
    expect(fork.firstDivergence).toBe(toWound)
    // The wounds roll itself: 4 Boyz fall rather than 1. Nothing else the Warriors' or the Boyz' rolls did rests on it.
    expect(fork.steps.map((step) => step.seq)).toEqual([toWound])
    const [changed] = fork.steps
    expect(changed?.real?.outcomes.map((o) => o.text).join(' ')).toMatch(/10 -> 9/)
    expect(changed?.fork?.outcomes.map((o) => o.text).join(' ')).toMatch(/10 -> 6/)
    expect(changed?.fork?.outcomes[0]?.explanation).toBeDefined()
    expect(fork.units).toHaveLength(1)
    expect(fork.units[0]).toMatchObject({ unit: 'boyz', real: { models: 9 }, fork: { models: 6 } })
    expect(fork.units[0]?.fields).toContain('models')
    expect(fork.stopped).toBeNull()
    expect(fork.victoryPoints).toBeNull()
    // Nothing was written.
    expect((await api.status(game.gameId)).seq).toBe(head)
    await api.close()
  })

  it('a die that changes what is rolled next stops the fork there, naming the event and why', async () => {
    const api = await openApi(tempDir())
    const { game, toHit, toWound } = await twoAttacks(api)
    const fork = await api.whatIf(game.gameId, [{ kind: 'dice', seq: toHit, faces: [6, 6, 6, 1, 1] }])
    expect(fork.firstDivergence).toBe(toHit)
    expect(fork.steps[0]?.fork?.requests[0]?.text).toMatch(/3 D6 to wound/)
    expect(fork.stopped).toMatchObject({ seq: toWound })
    expect(fork.stopped?.problem).toMatch(/3/)
    // Given the wounds roll for 3 dice too, the fork goes on to the head.
    const further = await api.whatIf(game.gameId, [
      { kind: 'dice', seq: toHit, faces: [6, 6, 6, 1, 1] },
      { kind: 'dice', seq: toWound, faces: [5, 5, 5] },
    ])
    expect(further.stopped).toBeNull()
    expect(further.units[0]).toMatchObject({ unit: 'boyz', real: { models: 9 }, fork: { models: 7 } })
    await api.close()
  })

  it('a no-op edit gives an empty diff', async () => {
    const api = await openApi(tempDir())
    const { game, toWound, backToHit } = await twoAttacks(api)
    const same: WhatIfEdit[] = [
      { kind: 'dice', seq: toWound, faces: [1, 2, 3, 4, 5] },
      {
        kind: 'replace',
        seq: backToHit - 1,
        type: 'MeleeAttacksDeclared',
        payload: ev.attack('boyz', 'warriors', 5).payload,
      },
    ]
    const fork = await api.whatIf(game.gameId, same)
    expect(fork).toMatchObject({ firstDivergence: null, steps: [], units: [], stopped: null })
    expect(fork.effects).toEqual({ onlyReal: [], onlyFork: [] })
    await api.close()
  })

  it('a declaration added moves the later events on; one voided is a seq the fork does not count', async () => {
    const api = await openApi(tempDir())
    const { game, toHit } = await twoAttacks(api)
    const added = await api.whatIf(game.gameId, [
      { kind: 'add', after: toHit - 2, type: 'Note', actor: 'p2', payload: { text: 'the Boyz shout' } },
    ])
    expect(added.steps).toHaveLength(1)
    expect(added.steps[0]).toMatchObject({ seq: null, forkSeq: toHit - 1, type: 'Note', real: null })
    expect(added.stopped).toBeNull()
    expect(added.units).toEqual([])

    const voided = await api.whatIf(game.gameId, [{ kind: 'void', seq: toHit - 2 }])
    // Voiding the phase leaves the attack outside a close-combat phase: the rules refuse it, and the fork stops.
    expect(voided.steps[0]).toMatchObject({ seq: toHit - 2, fork: null })
    expect(voided.stopped?.seq).toBe(toHit - 1)
    await api.close()
  })

  it('a mended muster: everything after it replayed with the right profile', async () => {
    const api = await openApi(tempDir())
    const { game, toWound } = await twoAttacks(api)
    const mended = ev.mustered('p2', unitDef('boyz', { profile: { T: 3 }, gear: ['hand-weapon'] }))
    const fork = await api.whatIf(game.gameId, [
      { kind: 'replace', seq: 3, type: 'ArmyMustered', payload: mended.payload },
    ])
    expect(fork.firstDivergence).toBe(3)
    expect(fork.steps[0]).toMatchObject({ seq: 3, real: { outcomes: [] }, fork: { outcomes: [] } })
    // T 3: the to-wound roll asks for 4+, not 5+, and the 4 wounds too.
    expect(fork.steps[1]?.seq).toBe(toWound - 1)
    expect(fork.steps[1]?.fork?.requests[0]?.text).toMatch(/4\+/)
    const wounds = fork.steps.find((step) => step.seq === toWound)
    expect(wounds?.fork?.outcomes.map((o) => o.text).join(' ')).toMatch(/10 -> 8/)
    expect(fork.units[0]).toMatchObject({ unit: 'boyz', fields: expect.arrayContaining(['models', 'profile']) })
    await api.close()
  })

  it('voiding a spell removes its effect and its duration', async () => {
    const api = await openApi(tempDir())
    const game = await Recorder.start(api)
    await game.add(
      ev.mustered(
        'p1',
        unitDef('warriors', {
          models: 10,
          characters: [{ id: 'sorceress', name: 'Sorceress', profile: profile({ W: 2 }), wizardLevel: 2 }],
        }),
      ),
    )
    await game.add({ ...ev.mustered('p2', unitDef('spears', { models: 20 })), actor: 'p2' })
    await game.add(ev.turn(1, 'p1'))
    await game.add(ev.phase('magic'))
    const cast = await game.add({
      type: 'SpellCast',
      payload: {
        caster: 'sorceress',
        spell: 'shroud-of-darkness',
        target: 'warriors',
        powerDice: 1,
        distance: 0,
        inArc: true,
      },
    })
    const castingRoll = await game.roll([3])
    const dispel = await game.choose('0')
    await game.add(ev.note('the shroud holds'))
    const view = await api.openGame(game.gameId)
    expect(view.state.effects).toHaveLength(1)

    const fork = await api.whatIf(game.gameId, [
      { kind: 'void', seq: cast },
      { kind: 'void', seq: castingRoll },
      { kind: 'void', seq: dispel },
    ])
    expect(fork.stopped).toBeNull()
    expect(fork.firstDivergence).toBe(cast)
    expect(fork.effects.onlyFork).toEqual([])
    expect(fork.effects.onlyReal).toEqual(view.state.effects)
    expect(JSON.stringify(fork.effects.onlyReal[0])).toMatch(/shroud-of-darkness/)
    await api.close()
  })

  it.each([
    [[{ kind: 'dice', seq: 1, faces: [1] }], /seq 1 starts the game/],
    [[{ kind: 'dice', seq: 2, faces: [1] }], /seq 2 is ArmyMustered, not DiceRolled/],
    [[{ kind: 'choice', seq: 6, option: 'x' }], /not ChoiceMade/],
    [[{ kind: 'void', seq: 99 }], /the game has events 1 to 11/],
    [[{ kind: 'dice', seq: 7, faces: [6, 6] }], /the fork refuses seq 7 as edited: .*5/],
    [[{ kind: 'add', after: 3, type: 'Note', actor: 'p9', payload: { text: 'x' } }], /p9 is not a player/],
    [
      [
        { kind: 'void', seq: 4 },
        { kind: 'void', seq: 4 },
      ],
      /seq 4 is edited twice/,
    ],
    [[{ kind: 'flip', seq: 4 }], /edit 0\.kind/],
    [[], /edit : /],
  ])('refuses %j', async (edits, message) => {
    const api = await openApi(tempDir())
    const { game } = await twoAttacks(api)
    const error = await refusal(api.whatIf(game.gameId, edits as WhatIfEdit[]))
    expect(error.code).toBe('api/bad-edit')
    expect(error.message).toMatch(message)
    await api.close()
  })

  it('forks the game as corrected, and refuses to edit an event a correction voided', async () => {
    const api = await openApi(tempDir())
    const { game, backToWound } = await twoAttacks(api)
    await api.undo(game.gameId, 'p2')
    const error = await refusal(api.whatIf(game.gameId, [{ kind: 'dice', seq: backToWound, faces: [1, 1, 1] }]))
    expect(error.message).toMatch(`seq ${backToWound} was voided by the correction at seq ${backToWound + 1}`)
    await api.close()
  })
})

describe('arbiter what-if', () => {
  it('prints where the fork diverges, each side of each step that differs, and the units at the head', async () => {
    const { writeFileSync } = await import('node:fs')
    const { run } = await import('../helpers/cli.js')
    const dir = tempDir()
    const api = await openApi(dir, 'cli.sqlite')
    const { game, toWound } = await twoAttacks(api)
    await api.close()
    const edits = `${dir}/edits.json`
    writeFileSync(edits, JSON.stringify([{ kind: 'dice', seq: toWound, faces: [5, 5, 5, 4, 5] }]))
    const db = `${dir}/cli.sqlite`
    const printed = await run('what-if', '--db', db, '--game', game.gameId, '--edit', edits)
    expect(printed.code).toBe(0)
    expect(printed.out).toMatch(new RegExp(`^the fork diverges at seq ${toWound} \\(the game's head is seq 11\\)\\n`))
    expect(printed.out).toMatch(new RegExp(`#${toWound} DiceRolled\\n    game: .*10 -> 9.*\\n    fork: .*10 -> 6`))
    expect(printed.out).toContain('unit boyz differs at the head: ')
    expect(printed.out).toContain('(models 9 in the game, 6 in the fork)')
    const json = await run('what-if', '--db', db, '--game', game.gameId, '--edit', edits, '--json')
    expect(JSON.parse(json.out)).toMatchObject({ firstDivergence: toWound, head: 11, stopped: null })
    writeFileSync(edits, JSON.stringify([{ kind: 'dice', seq: 2, faces: [1] }]))
    const refused = await run('what-if', '--db', db, '--game', game.gameId, '--edit', edits)
    expect(refused.code).toBe(1)
    expect(refused.err).toMatch(/api\/bad-edit: seq 2 is ArmyMustered, not DiceRolled/)
  })
})
