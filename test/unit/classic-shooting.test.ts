import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { declarableNow } from '../../core/api/declarable.js'
import { type EntryDefinition, entryData } from '../../core/engine/catalogue.js'
import type { ShotMoment } from '../../core/engine/effects.js'
import { createEngine, type EngineState } from '../../core/engine/index.js'
import type { EngineEvent, Ruleset } from '../../core/engine/types.js'
import { gameEvents } from '../../core/events/index.js'
import { citedRules, type Explanation, renderExplanationText } from '../../core/explain/index.js'
import { shootingRoll } from '../../core/rules/battle/charts.js'
import { toHitShootingNeed } from '../../core/rules/battle/shooting-hits.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import { classic } from '../../core/rules/classic/index.js'
import { classicContext, EngineGame, ev, type UnitInput, unitDef } from '../helpers/classic-game.js'

/**
 * Shooting in the classic ruleset (issue #7, part 3): the BS chart, every to-hit modifier with the
 * rule that gives it, the 7+ rule, templates, and the shot's wounds, saves and casualties.
 * Profiles: Dark Elf Corsairs BS 4 with repeater crossbows; Orc Boyz T 4, light armour (6+).
 */
const corsairs = (extra: UnitInput = {}) =>
  unitDef('corsairs', {
    name: 'Corsairs',
    models: 10,
    // One rank: the front rank, the only one that fires in classic (classic/shooting §firing-ranks), is every model.
    formation: { files: extra.models ?? 10 },
    profile: { BS: 4 },
    gear: ['hand-weapon', 'repeater-crossbow', 'handbows', 'light-armour'],
    ...extra,
  })
const boyz = (extra: UnitInput = {}) =>
  unitDef('boyz', {
    name: 'Orc Boyz',
    models: 20,
    profile: { T: 4 },
    gear: ['hand-weapon', 'light-armour'],
    ...extra,
  })

type Draft = { type: string; payload: Record<string, unknown>; actor?: string }
const shot = (payload: Record<string, unknown> = {}): Draft => ({
  type: 'ShotDeclared',
  payload: { shooter: 'corsairs', target: 'boyz', weapon: 'repeater-crossbow', range: 'short', ...payload },
})

/** p1's turn 1, in the phase given (shooting unless said). */
function shooting(p1 = corsairs(), p2 = boyz(), variant = 'classic', phase = 'shooting') {
  return new EngineGame(
    ev.created(variant),
    ev.mustered('p1', p1),
    ev.mustered('p2', p2),
    ev.turn(1, 'p1'),
    ev.phase(phase),
  )
}

const all = (game: EngineGame): Explanation[] =>
  game.steps.flatMap((step) => [...step.outcomes.map((o) => o.explanation), ...step.requests.map((r) => r.explanation)])
const cites = (game: EngineGame, id: string, clause: string) =>
  all(game)
    .flatMap(citedRules)
    .some((ref) => ref.id === id && ref.clause === clause)
const text = (game: EngineGame) =>
  all(game)
    .map((tree) => renderExplanationText(tree))
    .join('\n')
/** The to-hit request a declaration opens. */
function toHit(game: EngineGame, payload: Record<string, unknown> = {}) {
  const step = game.apply(shot(payload))
  return step.requests[0]
}

/** A game under the classic ruleset with one test entry added (a spell's kind of effect), p1 holding it. */
function extendedGame(extra: EntryDefinition, p1: ReturnType<typeof unitDef>) {
  const ruleset: Ruleset = {
    ...classic,
    definitions: [...classic.definitions, extra],
    catalogue: { ...classic.catalogue, entries: [...classic.catalogue.entries, entryData(extra)] },
  }
  const engine = createEngine(ruleset)
  const state = engine.initialState()
  for (const draft of [ev.created(), ev.mustered('p1', p1), ev.mustered('p2', boyz())]) stepInto(engine, state, draft)
  return { engine, state }
}

function stepInto(
  engine: ReturnType<typeof createEngine>,
  state: EngineState,
  draft: Draft | ReturnType<typeof ev.turn>,
) {
  const payload = gameEvents.validateNew(draft.type, gameEvents.currentVersion(draft.type), draft.payload)
  const seq = (state.game?.seq ?? 0) + 1
  return engine.step(state, { type: draft.type, payload, seq, actor: draft.actor ?? 'p1', gameId: 'g' } as EngineEvent)
}

const plainShot: ShotMoment = {
  weapon: { id: 'repeater-crossbow', name: 'Repeater Crossbow', params: {} },
  range: 'short',
  moved: false,
  marched: false,
  cover: 'none',
  standAndShoot: false,
  multipleShots: false,
  template: false,
}

describe('the BS chart (classic/to-hit-shooting §chart, §seven-plus)', () => {
  it('to-hit-shooting: 7 - BS, cell by cell, BS 1 to 10', () => {
    const expected = [6, 5, 4, 3, 2, 1, 0, -1, -2, -3]
    for (let bs = 1; bs <= 10; bs++) {
      const { ctx, attacker, target } = classicContext({ profile: { BS: bs } }, {})
      const need = toHitShootingNeed(ctx as ClassicContext, attacker, target, plainShot)
      expect(need.value, `BS ${bs}`).toBe(expected[bs - 1])
      expect(citedRules(need.explanation)).toContainEqual({
        ruleset: 'classic',
        id: 'to-hit-shooting',
        clause: 'chart',
      })
    }
  })

  it('to-hit-shooting: how each score is rolled: 2+ at best, 7+ a 6 then 4+, 8+ then 5+, 9+ then 6, 10+ never', () => {
    expect([-3, 0, 1, 2].map(shootingRoll)).toEqual(Array(4).fill({ first: 2, second: null }))
    expect([3, 4, 5, 6].map((n) => shootingRoll(n).first)).toEqual([3, 4, 5, 6])
    expect(shootingRoll(7)).toEqual({ first: 6, second: 4 })
    expect(shootingRoll(8)).toEqual({ first: 6, second: 5 })
    expect(shootingRoll(9)).toEqual({ first: 6, second: 6 })
    expect(shootingRoll(10)).toEqual({ first: null, second: null })
    expect(shootingRoll(12)).toEqual({ first: null, second: null })
  })

  it('to-hit-shooting: BS 3 needs 4+ at short range, and the request says so', () => {
    const game = shooting(corsairs({ profile: { BS: 3 } }))
    expect(toHit(game)).toMatchObject({ purpose: 'to-hit', count: 10, need: 4 })
  })

  it('to-hit-shooting: 7+ is a 6 and then a 4+ on a second die (BS 1 at long range)', () => {
    const game = shooting(corsairs({ profile: { BS: 1 }, models: 4 }))
    const first = toHit(game, { range: 'long' })
    expect(first).toMatchObject({ purpose: 'to-hit', count: 4, need: 6 })
    const second = game.roll([6, 6, 5, 1])
    expect(second.requests[0]).toMatchObject({ purpose: 'to-hit-7-plus', count: 2, need: 4 })
    const hits = game.roll([4, 3])
    expect(hits.outcomes[0]).toMatchObject({ kind: 'hits', values: { attacks: 4, hits: 1 } })
    expect(cites(game, 'to-hit-shooting', 'seven-plus')).toBe(true)
    expect(text(game)).toContain('7+: a 6, and then 4+ with a second die')
  })

  it('to-hit-shooting: 9+ is a 6 and then a 6 (BS 1, long range, moved, soft cover)', () => {
    const game = shooting(corsairs({ profile: { BS: 1 }, models: 2 }))
    toHit(game, { range: 'long', moved: true, cover: 'soft' })
    expect(game.roll([6, 6]).requests[0]).toMatchObject({ purpose: 'to-hit-7-plus', count: 2, need: 6 })
  })

  it('to-hit-shooting: 10+ cannot hit: no dice are asked, no hits (BS 1, long, moved, hard cover)', () => {
    const game = shooting(corsairs({ profile: { BS: 1 } }))
    const step = game.apply(shot({ range: 'long', moved: true, cover: 'hard' }))
    expect(step.requests).toEqual([])
    const hits = step.outcomes.find((o) => o.kind === 'hits')
    expect(hits).toMatchObject({ values: { hits: 0, need: null } })
    expect(renderExplanationText(hits!.explanation)).toContain('10+ cannot hit')
    expect(cites(game, 'to-hit-shooting', 'seven-plus')).toBe(true)
  })

  it('to-hit-shooting: a natural 1 always misses, even at BS 6 ("1+" is rolled as 2+)', () => {
    const game = shooting(corsairs({ profile: { BS: 6 }, models: 2 }))
    expect(toHit(game)).toMatchObject({ need: 2 })
    const rolled = game.roll([1, 2])
    expect(rolled.outcomes[0]).toMatchObject({ kind: 'hits', values: { hits: 1 } })
    expect(cites(game, 'to-hit-shooting', 'natural-1')).toBe(true)
  })

  it("to-hit-shooting: BS is read through the profile point, so a -1 BS effect (Chill Wind's kind) counts", () => {
    const minusOneBs: EntryDefinition = {
      id: 'test-bs-penalty',
      name: 'Test: -1 BS',
      kind: 'spell',
      source: 'test',
      text: '-1 BS',
      clauses: { bs: '-1 BS' },
      enforcement: 'enforced',
      effects: [
        {
          at: 'profile',
          clause: 'bs',
          label: '-1 BS',
          kind: 'add',
          when: (q) => (q.characteristic === 'BS' ? true : null),
          value: -1,
        },
      ],
    }
    const { engine, state } = extendedGame(minusOneBs, corsairs({ rules: ['test-bs-penalty'] }))
    const ctx = engine.contextFor(state) as ClassicContext
    const need = toHitShootingNeed(ctx, ctx.unit('corsairs'), ctx.unit('boyz'), plainShot)
    // BS 4 - 1 = 3: needs 4+.
    expect(need.value).toBe(4)
    expect(renderExplanationText(need.explanation)).toContain('-1 BS')
  })
})

describe('shooting: every score asked for is a die roll', () => {
  it('to-hit-shooting: for any BS and modifiers, the dice asked need 2+ to 6+, a 7+ asks a second die, 10+ none', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom('short', 'long'),
        fc.boolean(),
        fc.constantFrom('none', 'soft', 'hard'),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (bs, range, moved, cover, multipleShots, skirmish, large) => {
          const rules = [...(skirmish ? ['skirmish'] : []), ...(large ? ['large-target'] : [])]
          const game = shooting(corsairs({ profile: { BS: bs }, models: 1 }), boyz({ rules }))
          const step = game.apply(shot({ range, moved, cover, multipleShots }))
          const score = 7 - bs + (range === 'long' ? 1 : 0) + (moved ? 1 : 0) + { none: 0, soft: 1, hard: 2 }[cover]
          const need = score + (multipleShots ? 1 : 0) + (skirmish ? 1 : 0) - (large ? 1 : 0)
          const request = step.requests[0]
          if (need >= 10) return request === undefined
          if (request?.kind !== 'dice' || request.need === undefined) return false
          if (request.need < 2 || request.need > 6) return false
          return request.need === (need >= 7 ? 6 : Math.max(2, need))
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('to-hit modifiers, each with its rule', () => {
  const cases: [string, Record<string, unknown>, string, number][] = [
    ['long range -1', { range: 'long' }, 'long-range', 4],
    ['moving -1', { moved: true }, 'moved', 4],
    ['soft cover -1', { cover: 'soft' }, 'soft-cover', 4],
    ['hard cover -2', { cover: 'hard' }, 'hard-cover', 5],
  ]
  for (const [name, payload, clause, need] of cases) {
    it(`to-hit-shooting: ${name} (BS 4: 3+ -> ${need}+)`, () => {
      const game = shooting()
      expect(toHit(game, payload)).toMatchObject({ need })
      expect(cites(game, 'to-hit-shooting', clause)).toBe(true)
    })
  }

  it('to-hit-shooting: every penalty adds up (long, moved, soft cover: BS 4 3+ -> 6+)', () => {
    const game = shooting()
    expect(toHit(game, { range: 'long', moved: true, cover: 'soft' })).toMatchObject({ need: 6 })
  })

  it('to-hit-shooting: the range band follows from the measured distance: 13" of 24" is long range', () => {
    const game = shooting()
    expect(toHit(game, { range: undefined, distance: 13 })).toMatchObject({ need: 4 })
    expect(text(game)).toContain('13" is long range for Repeater Crossbow (range 24", half 12")')
    expect(toHit(shooting(), { range: undefined, distance: 12 })).toMatchObject({ need: 3 })
  })

  it('skirmish: shooting at skirmishers is -1 to hit (classic/skirmish §to-hit)', () => {
    const game = shooting(corsairs(), boyz({ rules: ['skirmish'] }))
    expect(toHit(game)).toMatchObject({ need: 4 })
    expect(cites(game, 'skirmish', 'to-hit')).toBe(true)
    expect(text(game)).toContain('shooting at skirmishers (Orc Boyz)')
  })

  it('skirmish: a single model of Unit Strength 1 counts as a skirmisher; a single monster does not', () => {
    const lone = shooting(corsairs(), boyz({ models: 1 }))
    expect(toHit(lone)).toMatchObject({ need: 4 })
    expect(cites(lone, 'skirmish', 'single-models')).toBe(true)
    const monster = shooting(corsairs(), boyz({ models: 1, troopType: 'monster', profile: { W: 4 } }))
    expect(toHit(monster)).toMatchObject({ need: 3 })
    // A lone skirmisher is -1 once, not twice.
    const both = shooting(corsairs(), boyz({ models: 1, rules: ['skirmish'] }))
    expect(toHit(both)).toMatchObject({ need: 4 })
  })

  it('large target: +1 to hit in classic and in classic-8th alike (classic/large-target §to-hit)', () => {
    // Seed 000 Large Target: "In addition Templates as well as models shooting at Large Targets gain +1 to their
    // to-hit rolls." The seed's words win in every variant.
    const dragon = boyz({ models: 1, troopType: 'monster', profile: { W: 6, T: 6 }, rules: ['large-target'] })
    for (const variant of ['classic', 'classic-8th']) {
      const game = shooting(corsairs(), dragon, variant)
      // BS 4: 3+, long range -1, Large Target +1: 3+.
      expect(toHit(game, { range: 'long' }), variant).toMatchObject({ need: 3 })
      expect(cites(game, 'large-target', 'to-hit')).toBe(true)
      expect(text(game)).not.toContain('[ignored] Large Target')
    }
  })

  it('multiple shots: one shot without penalty, or X shots at -1, as the player declares (classic/multiple-shots)', () => {
    const single = shooting()
    expect(toHit(single, { multipleShots: false })).toMatchObject({ count: 10, need: 3 })
    expect(cites(single, 'multiple-shots', 'penalty')).toBe(false)
    const volley = shooting()
    expect(toHit(volley, { multipleShots: true })).toMatchObject({ count: 20, need: 4 })
    expect(cites(volley, 'multiple-shots', 'penalty')).toBe(true)
    expect(cites(volley, 'multiple-shots', 'choice')).toBe(true)
    expect(text(volley)).toContain('20 shots: 10 models x 2 with Repeater Crossbow')
  })

  it('repeater crossbow: range 24", S3, Multiple Shots (2) from its params (classic/repeater-crossbow)', () => {
    const data = classic.catalogue.entries.find((e) => e.id === 'repeater-crossbow')
    expect(data?.params).toEqual({ range: 24, strength: 3, shots: 1, multipleShots: 2 })
    const game = shooting(corsairs({ profile: { BS: 4, S: 5 } }))
    toHit(game, { multipleShots: true })
    // S3 (the crossbow's, not the shooter's S5) against T4: 5+.
    const wound = game.roll([3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 6])
    expect(wound.requests[0]).toMatchObject({ purpose: 'to-wound', count: 1, need: 5 })
    expect(cites(game, 'repeater-crossbow', 'profile')).toBe(true)
    const far = shooting()
    expect(() => far.apply(shot({ range: undefined, distance: 25 }))).toThrow(/beyond Repeater Crossbow's range of 24"/)
  })

  it('stand and shoot: -1 to hit, in the movement phase, answering a charge (classic/to-hit-shooting §stand-and-shoot)', () => {
    // p2 charges in its own movement phase (seq 6); p1's Corsairs answer: stand and shoot.
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', corsairs()),
      ev.mustered('p2', boyz()),
      ev.turn(1, 'p2'),
      ev.phase('movement'),
      { type: 'ChargeDeclared', payload: { unit: 'boyz', target: 'corsairs', distance: 9 }, actor: 'p2' },
    )
    game.apply(ev.choice(game.openRequest(), 'stand-and-shoot'))
    const request = toHit(game, { standAndShoot: true, charge: 6 })
    expect(request).toMatchObject({ need: 4 })
    expect(cites(game, 'to-hit-shooting', 'stand-and-shoot')).toBe(true)
    expect(cites(game, 'shooting', 'stand-and-shoot')).toBe(true)
    expect(request!.explanation.from).toContain(6)
  })

  it('stand and shoot: refused without the charge it answers, or outside the movement phase', () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', corsairs()),
      ev.mustered('p2', boyz()),
      ev.turn(1, 'p2'),
      ev.phase('movement'),
    )
    expect(() => game.apply(shot({ standAndShoot: true }))).toThrow(/must name the earlier ChargeDeclared/)
    expect(() => shooting().apply(shot({ standAndShoot: true, charge: 2 }))).toThrow(
      /in the movement phase, not shooting/,
    )
  })
})

describe('handbows (classic/handbows)', () => {
  it('handbows: range 8", S3; no penalty for moving or long range (BS 4 stays 3+)', () => {
    const game = shooting()
    const request = toHit(game, { weapon: 'handbows', range: undefined, distance: 7, moved: true })
    expect(request).toMatchObject({ need: 3 })
    expect(cites(game, 'handbows', 'no-penalties')).toBe(true)
    const why = text(game)
    expect(why).toContain('long range (needs +1): 3+ -> 4+')
    expect(why).toContain('Handbows: no penalty for long range (needs -1)')
    expect(why).toContain('Handbows: no penalty for moving and shooting (needs -1)')
    expect(() => shooting().apply(shot({ weapon: 'handbows', range: undefined, distance: 9 }))).toThrow(
      /beyond Handbows's range of 8"/,
    )
  })

  it('handbows: the penalties are waived only for shots with the handbows, not the crossbow', () => {
    const game = shooting()
    expect(toHit(game, { weapon: 'repeater-crossbow', range: 'long', moved: true })).toMatchObject({ need: 5 })
    expect(cites(game, 'handbows', 'no-penalties')).toBe(false)
  })

  it('handbows: may always stand and shoot, even within half charge distance (a permission record)', () => {
    const { ctx, attacker, target } = classicContext({ gear: ['handbows'] }, {})
    const records = ctx.modifiers('permission', {
      subject: attacker,
      opponent: target,
      action: 'stand-and-shoot-close',
    })
    expect(records).toEqual([
      expect.objectContaining({
        kind: 'set',
        value: 'allowed',
        status: 'applied',
        source: { ruleset: 'classic', id: 'handbows', clause: 'stand-and-shoot' },
      }),
    ])
    expect(
      ctx.modifiers('permission', { subject: target, opponent: attacker, action: 'stand-and-shoot-close' }),
    ).toEqual([])
  })
})

describe('templates and breath weapons', () => {
  const dragon = (extra: UnitInput = {}) =>
    unitDef('dragon', {
      name: 'Sea Dragon',
      models: 1,
      troopType: 'monster',
      profile: { W: 6, T: 5 },
      rules: ['fiery-breath'],
      ...extra,
    })
  const breath = (payload: Record<string, unknown> = {}): Draft => ({
    type: 'ShotDeclared',
    payload: {
      shooter: 'dragon',
      target: 'boyz',
      weapon: 'fiery-breath',
      underTemplate: 5,
      partlyUnderTemplate: 2,
      ...payload,
    },
  })

  it('fiery breath: models wholly under are hit, partly under on a 4+ each (classic: variants §template-partial); S3', () => {
    const game = shooting(dragon(), boyz())
    const partial = game.apply(breath())
    expect(partial.requests[0]).toMatchObject({ purpose: 'to-hit', count: 2, need: 4 })
    const hits = game.roll([4, 3])
    expect(hits.outcomes[0]).toMatchObject({ kind: 'hits', values: { attacks: 7, hits: 6 } })
    // S3 against T4: 5+ to wound.
    expect(hits.requests[0]).toMatchObject({ purpose: 'to-wound', count: 6, need: 5 })
    expect(cites(game, 'fiery-breath', 'profile')).toBe(true)
    expect(cites(game, 'breath-weapon', 'hits')).toBe(true)
    expect(cites(game, 'breath-weapon', 'line-of-sight')).toBe(true)
    expect(cites(game, 'variants', 'template-partial')).toBe(true)
  })

  it("fiery breath, classic-8th: partly covered models roll 4+ too, so the template's +1 and -1 act (§template-partial)", () => {
    // Seed 000 Large Target: "Templates as well as models shooting at Large Targets gain +1 to their to-hit rolls";
    // Skirmish: "Templates as well as enemies shooting at this unit suffer -1 to their to-hit rolls".
    const game = shooting(dragon(), boyz(), 'classic-8th')
    expect(game.apply(breath()).requests[0]).toMatchObject({ purpose: 'to-hit', count: 2, need: 4 })
    expect(cites(game, 'variants', 'template-partial')).toBe(true)
    const large = shooting(dragon(), boyz({ rules: ['large-target'] }), 'classic-8th')
    expect(large.apply(breath()).requests[0]).toMatchObject({ need: 3 })
    const loose = shooting(dragon(), boyz({ rules: ['skirmish'] }), 'classic-8th')
    expect(loose.apply(breath()).requests[0]).toMatchObject({ need: 5 })
  })

  it('large target and skirmish modify the partly-covered roll of a template; range, moving and cover do not', () => {
    const large = shooting(dragon(), boyz({ rules: ['large-target'] }))
    expect(large.apply(breath({ moved: true, cover: 'hard' })).requests[0]).toMatchObject({ need: 3 })
    const loose = shooting(dragon(), boyz({ rules: ['skirmish'] }))
    expect(loose.apply(breath()).requests[0]).toMatchObject({ need: 5 })
    expect(cites(loose, 'skirmish', 'to-hit')).toBe(true)
  })

  it('breath weapon: usable after marching; a crossbow is not (classic/breath-weapon §ranged-attack)', () => {
    const game = shooting(dragon(), boyz())
    game.apply(breath({ marched: true, partlyUnderTemplate: 0 }))
    expect(cites(game, 'breath-weapon', 'ranged-attack')).toBe(true)
    const crossbows = shooting()
    expect(() => crossbows.apply(shot({ marched: true }))).toThrow(/marched this turn and cannot shoot/)
    expect(crossbows.game.seq).toBe(5)
  })

  it("breath weapon: a list's Breath Weapon (S4) is a flame template with the list's Strength", () => {
    const hydra = dragon({ rules: [{ id: 'breath-weapon', params: { strength: 4 } }] })
    const game = shooting(hydra, boyz(), 'classic-8th')
    const step = game.apply(breath({ weapon: 'breath-weapon', underTemplate: 3, partlyUnderTemplate: 0 }))
    // S4 against T4: 4+.
    expect(step.requests[0]).toMatchObject({ purpose: 'to-wound', count: 3, need: 4 })
    expect(cites(game, 'breath-weapon', 'template')).toBe(true)
  })

  it('breath weapon: the models under the template must be entered, and no more than the target has', () => {
    expect(() => shooting(dragon(), boyz()).apply(breath({ underTemplate: undefined }))).toThrow(/uses a template/)
    expect(() => shooting(dragon(), boyz({ models: 5 })).apply(breath())).toThrow(/7 models under the template/)
  })
})

describe('wounds, saves and casualties: the close-combat pipeline, at range', () => {
  it('shooting: S3 crossbow bolts against T4 and light armour: 5+ to wound, 6+ save, models removed', () => {
    const game = shooting()
    toHit(game)
    // BS 4: 3+. Faces 3,3,3,3,1,2,6,5,2,1: 6 hits.
    const wound = game.roll([3, 3, 3, 3, 1, 2, 6, 5, 2, 1])
    expect(wound.requests[0]).toMatchObject({ purpose: 'to-wound', count: 6, need: 5 })
    // 5+: 3 wounds.
    const save = game.roll([5, 6, 5, 1, 2, 4])
    expect(save.requests[0]).toMatchObject({ purpose: 'armour-save', count: 3, need: 6 })
    const done = game.roll([6, 1, 2])
    const casualties = done.outcomes.find((o) => o.kind === 'casualties')
    expect(casualties?.values).toMatchObject({ unit: 'boyz', unsaved: 2, removed: 2, modelsLeft: 18 })
    expect(game.game.units.boyz?.models).toBe(18)
    expect(cites(game, 'shooting', 'strength')).toBe(false)
    expect(cites(game, 'repeater-crossbow', 'profile')).toBe(true)
  })

  it('shooting: hits on a unit with a champion fall on its rank and file while it has five of them', () => {
    const game = shooting(corsairs(), boyz({ command: { champion: true, standard: false, musician: false } }))
    toHit(game, { models: 1 })
    game.roll([6])
    expect(text(game)).toContain('the hits fall on the rank and file of Orc Boyz')
    expect(text(game)).toContain('champion protected: 19 rank and file besides it')
    expect(cites(game, 'shooting', 'hits-on-rank-and-file')).toBe(true)
    const few = shooting(corsairs(), boyz({ models: 4, command: { champion: true, standard: false, musician: false } }))
    toHit(few, { models: 1 })
    few.roll([6])
    expect(text(few)).toContain('the shot did not pick out Orc Boyz champion')
    expect(text(few)).toContain('only 3 rank and file besides the champion')
    const boss = { id: 'boss', name: 'Orc Boss', profile: { M: 4, WS: 5, BS: 3, S: 4, T: 5, W: 2, I: 3, A: 3, Ld: 8 } }
    const led = shooting(corsairs(), boyz({ characters: [boss] }))
    toHit(led, { models: 1 })
    led.roll([6])
    expect(text(led)).toContain('character protected: 20 rank and file in Orc Boyz')
  })
})

describe('shots that cannot be made: a clear error, nothing recorded', () => {
  it('shooting: out of range is refused and the game does not move', () => {
    const game = shooting()
    expect(() => game.apply(shot({ range: undefined, distance: 30 }))).toThrow(
      expect.objectContaining({ code: 'rules/out-of-range' }),
    )
    expect(game.game.seq).toBe(5)
    expect(game.game.requests).toEqual({})
  })

  it('shooting: a distance that contradicts the declared band is refused', () => {
    expect(() => shooting().apply(shot({ range: 'short', distance: 20 }))).toThrow(/20" is long range/)
    expect(() => shooting().apply(shot({ range: undefined }))).toThrow(/say the measured distance or the range band/)
  })

  it('shooting: an engaged unit cannot shoot, nor be shot at', () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', corsairs(), unitDef('spears', { models: 10 })),
      ev.mustered('p2', boyz(), unitDef('wolves', { models: 10 })),
      ev.turn(1, 'p2'),
      ev.phase('close-combat'),
    )
    // Nobody in base contact strikes and the Unit Strengths are equal: a draw, the combat goes on into p1's turn.
    game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'c1',
        sides: [
          { player: 'p1', units: [{ unit: 'corsairs' }] },
          { player: 'p2', units: [{ unit: 'wolves', charged: true }] },
        ],
        contact: [
          { unit: 'corsairs', models: 0 },
          { unit: 'wolves', models: 0 },
        ],
      },
    })
    expect(game.game.combats.c1?.ended).toBe(false)
    game.apply(ev.turn(1, 'p1'))
    game.apply(ev.phase('shooting'))
    const seq = game.game.seq
    expect(() => game.apply(shot())).toThrow(expect.objectContaining({ code: 'rules/engaged' }))
    // The spears carry no missile weapon at all.
    expect(() => game.apply(shot({ shooter: 'spears', target: 'boyz' }))).toThrow(/does not carry "repeater-crossbow"/)
    expect(game.game.seq).toBe(seq)
  })

  it('shooting: the target may not be engaged in close combat (classic/shooting §target)', () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', corsairs(), unitDef('spears', { models: 20 })),
      ev.mustered('p2', boyz()),
      ev.turn(1, 'p2'),
      ev.phase('close-combat'),
    )
    game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'c1',
        sides: [
          { player: 'p1', units: [{ unit: 'spears' }] },
          { player: 'p2', units: [{ unit: 'boyz', charged: true }] },
        ],
        contact: [
          { unit: 'spears', models: 0 },
          { unit: 'boyz', models: 0 },
        ],
      },
    })
    game.apply(ev.turn(1, 'p1'))
    game.apply(ev.phase('shooting'))
    expect(() => game.apply(shot())).toThrow(expect.objectContaining({ code: 'rules/bad-target' }))
  })

  it('shooting: a weapon that is no missile weapon, too many models, Multiple Shots on a weapon without it', () => {
    expect(() => shooting().apply(shot({ weapon: 'hand-weapon' }))).toThrow(/Hand weapon is not a missile weapon/)
    expect(() => shooting().apply(shot({ models: 11 }))).toThrow(
      expect.objectContaining({ code: 'rules/too-many-models' }),
    )
    expect(() => shooting().apply(shot({ weapon: 'handbows', multipleShots: true }))).toThrow(
      /Handbows has no Multiple Shots/,
    )
  })

  it('shooting: a unit shoots once a turn; its next turn it may shoot again (classic/shooting §once)', () => {
    const game = shooting()
    toHit(game, { models: 1 })
    game.roll([1])
    expect(cites(game, 'shooting', 'once')).toBe(true)
    const seq = game.game.seq
    expect(() => game.apply(shot({ weapon: 'handbows' }))).toThrow(/has already shot this turn \(seq 6/)
    expect(game.game.seq).toBe(seq)
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.turn(2, 'p1'))
    game.apply(ev.phase('shooting'))
    expect(toHit(game, { weapon: 'handbows' })).toMatchObject({ purpose: 'to-hit' })
  })

  it('shooting: a unit a rule forbids to shoot (a permission record) cannot', () => {
    const forbid: EntryDefinition = {
      id: 'test-no-shooting',
      name: 'Test: cannot shoot',
      kind: 'spell',
      source: 'test',
      text: 'cannot use ranged attacks',
      clauses: { bar: 'cannot use ranged attacks' },
      enforcement: 'enforced',
      effects: [
        {
          at: 'permission',
          clause: 'bar',
          label: 'a hex',
          kind: 'set',
          when: (q) => (q.action === 'shoot' ? true : null),
          value: 'forbidden',
        },
      ],
    }
    const { engine, state } = extendedGame(forbid, corsairs({ rules: ['test-no-shooting'] }))
    for (const draft of [ev.turn(1, 'p1'), ev.phase('shooting')]) stepInto(engine, state, draft)
    expect(() => stepInto(engine, state, shot())).toThrow(
      /Corsairs may not shoot: a hex \(classic\/test-no-shooting §bar\)/,
    )
  })

  it('shooting: ShotDeclared can be declared in the shooting phase, and in the movement phase (Stand and Shoot)', () => {
    expect(declarableNow(classic, shooting().game)).toContain('ShotDeclared')
    expect(declarableNow(classic, shooting(corsairs(), boyz(), 'classic', 'movement').game)).toContain('ShotDeclared')
    expect(declarableNow(classic, shooting(corsairs(), boyz(), 'classic', 'magic').game)).not.toContain('ShotDeclared')
  })

  it('shooting: only in the shooting phase, by the player whose turn it is, at an enemy', () => {
    expect(() => shooting(corsairs(), boyz(), 'classic', 'magic').apply(shot())).toThrow(
      expect.objectContaining({ code: 'rules/wrong-phase' }),
    )
    const theirs = new EngineGame(
      ev.created(),
      ev.mustered('p1', corsairs()),
      ev.mustered('p2', boyz()),
      ev.turn(1, 'p2'),
      ev.phase('shooting'),
    )
    expect(() => theirs.apply(shot())).toThrow(expect.objectContaining({ code: 'rules/wrong-side' }))
  })
})

describe('skirmish in close combat (classic/skirmish §no-rank-bonus, §no-break-ranks)', () => {
  /** A combat where no one strikes, so the result is the bonuses alone. */
  function standoff(p1: ReturnType<typeof unitDef>, p2: ReturnType<typeof unitDef>, p1Facing = 'front') {
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', p1),
      ev.mustered('p2', p2),
      ev.turn(1, 'p2'),
      ev.phase('close-combat'),
    )
    game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'c1',
        sides: [
          { player: 'p1', units: [{ unit: p1.id, facing: p1Facing }] },
          { player: 'p2', units: [{ unit: p2.id }] },
        ],
        contact: [
          { unit: p1.id, models: 0 },
          { unit: p2.id, models: 0 },
        ],
      },
    })
    const result = game.steps.flatMap((s) => s.outcomes).find((o) => o.kind === 'combat-result')
    return { game, result: result! }
  }
  const shades = (extra: UnitInput = {}) =>
    unitDef('shades', { name: 'Shades', models: 20, formation: { files: 5 }, rules: ['skirmish'], ...extra })

  it('skirmish: a skirmishing unit ranked up in combat cannot claim its rank bonus', () => {
    // Without Skirmish, 4 ranks of 5 score +3 and win; with it, nothing: a draw.
    const ranked = standoff(shades({ rules: [] }), boyz({ formation: { files: 20 } }))
    expect(ranked.result.values).toMatchObject({ scores: { p1: 3, p2: 0 }, winner: 'p1' })
    const { game, result } = standoff(shades(), boyz({ formation: { files: 20 } }))
    expect(result.values).toMatchObject({ scores: { p1: 0, p2: 0 }, winner: null })
    expect(cites(game, 'skirmish', 'no-rank-bonus')).toBe(true)
    expect(renderExplanationText(result.explanation)).toContain('skirmishers cannot claim a rank bonus')
  })

  it('skirmish: skirmishers in the flank do not cancel the enemy rank bonus, whatever their Unit Strength', () => {
    // Ten Warriors in the Boyz' flank (US 10) cancel their +3; Shades do not. Flank +1 to p1, outnumbering +1 to p2.
    const warriorsInFlank = standoff(
      shades({ rules: [], models: 10, formation: { files: 10 } }),
      boyz({ formation: { files: 5 } }),
      'flank',
    )
    expect(warriorsInFlank.result.values).toMatchObject({ scores: { p1: 1, p2: 1 } })
    const { game, result } = standoff(
      shades({ models: 10, formation: { files: 10 } }),
      boyz({ formation: { files: 5 } }),
      'flank',
    )
    expect(result.values).toMatchObject({ scores: { p1: 1, p2: 4 }, winner: 'p2' })
    expect(cites(game, 'skirmish', 'no-break-ranks')).toBe(true)
  })
})

describe('Panic from heavy casualties: when it is taken (classic/variants §panic-heavy-casualties)', () => {
  /** Corsairs shoot 8 Boyz: every shot hits, `wounds` of them wound, no save is made; stops at a Panic test. */
  function shootBoyz(variant: string, wounds: number) {
    const game = shooting(corsairs(), boyz({ models: 8 }), variant)
    game.apply(shot())
    for (let request = Object.values(game.game.requests)[0]; request && request.kind === 'dice'; ) {
      if (request.purpose === 'panic-test') break
      const count = request.count
      const faces =
        request.purpose === 'to-hit'
          ? Array(count).fill(6)
          : request.purpose === 'to-wound'
            ? Array.from({ length: count }, (_, i) => (i < wounds ? 6 : 1))
            : Array(count).fill(1)
      game.roll(faces)
      request = Object.values(game.game.requests)[0]
    }
    return game
  }

  it('classic-8th tests at once: 2 of 8 Boyz shot (25%), the Panic test opens as the shot is resolved', () => {
    // Core mechanics A.7 (8th): a unit that loses 25% or more in a phase takes its Panic test at once.
    const game = shootBoyz('classic-8th', 2)
    expect(game.game.units.boyz?.models).toBe(6)
    const request = Object.values(game.game.requests)[0]
    expect(request).toMatchObject({ purpose: 'panic-test', roller: 'p2' })
    expect(game.game.phase).toBe('shooting')
    expect(renderExplanationText(request!.explanation)).toContain(
      'tested at once, as what cost them is resolved (classic/variants §panic-heavy-casualties)',
    )
    game.roll([1, 2])
    // Passed once this phase: the next phase opens no second test.
    const next = game.apply(ev.phase('close-combat'))
    expect(next.requests.filter((r) => r.purpose === 'panic-test')).toEqual([])
  })

  it('classic (7th) tests at the end of the phase: the test opens as the next phase starts', () => {
    // Core mechanics A.10 (7th): "≥25% casualties checked at end of phase".
    const game = shootBoyz('classic', 2)
    expect(game.game.units.boyz?.models).toBe(6)
    expect(Object.values(game.game.requests)).toEqual([])
    const next = game.apply(ev.phase('close-combat'))
    expect(next.requests[0]).toMatchObject({ purpose: 'panic-test', roller: 'p2' })
    expect(renderExplanationText(next.requests[0]!.explanation)).toContain('tested as the next phase starts')
  })
})
