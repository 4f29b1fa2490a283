import { describe, expect, it } from 'vitest'
import { citedRules, renderExplanationText } from '../../core/explain/index.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import { classic } from '../../core/rules/classic/index.js'
import { classicContext, combatGame, type EngineGame, ev, unitDef } from '../helpers/classic-game.js'

/**
 * One test per catalogue entry written as data and effects (issue: rules as data), each showing
 * the entry's effect on an outcome of the engine and its citation.
 */
const cites = (game: EngineGame, id: string, clause: string) =>
  game.steps
    .flatMap((s) => [...s.outcomes.map((o) => o.explanation), ...s.requests.map((r) => r.explanation)])
    .flatMap(citedRules)
    .some((ref) => ref.id === id && ref.clause === clause)

/** Declares 1 attack that hits and wounds, and returns the armour-save request it leads to. */
function saveRequest(targetGear: string[], targetType: 'infantry' | 'cavalry' = 'infantry', strength = 3) {
  const game = combatGame(
    unitDef('a', { profile: { S: strength, WS: 3 } }),
    unitDef('b', { gear: targetGear, troopType: targetType, profile: { T: 3 } }),
  )
  game.apply(ev.attack('a', 'b', 1))
  game.roll([6])
  const wound = game.roll([6])
  return { game, request: wound.requests[0] }
}

describe('seed 000 entries as data', () => {
  it("hand weapon: strikes with the wielder's Strength (classic/hand-weapon §strength)", () => {
    const game = combatGame(
      unitDef('a', { profile: { S: 4 }, gear: ['hand-weapon'] }),
      unitDef('b', { profile: { T: 3 } }),
    )
    game.apply(ev.attack('a', 'b', 1))
    const hit = game.roll([6])
    expect(hit.requests[0]).toMatchObject({ purpose: 'to-wound', need: 3 })
    expect(renderExplanationText(hit.requests[0]!.explanation)).toContain(
      "hand weapon: the wielder's Strength (+0): 4 -> 4 (classic/hand-weapon §strength)",
    )
  })

  it('light armour: a 6+ armour save (classic/light-armour §save)', () => {
    const { game, request } = saveRequest(['light-armour'])
    expect(request).toMatchObject({ purpose: 'armour-save', need: 6 })
    expect(cites(game, 'light-armour', 'save')).toBe(true)
  })

  it('heavy armour: a 5+ armour save (classic/heavy-armour §save)', () => {
    const { game, request } = saveRequest(['heavy-armour'])
    expect(request).toMatchObject({ purpose: 'armour-save', need: 5 })
    expect(cites(game, 'heavy-armour', 'save')).toBe(true)
  })

  it('shield: +1 to the armour save, a 6+ on its own (classic/shield §save)', () => {
    expect(saveRequest(['heavy-armour', 'shield']).request).toMatchObject({ need: 4 })
    const { game, request } = saveRequest(['shield'])
    expect(request).toMatchObject({ need: 6 })
    expect(cites(game, 'shield', 'save')).toBe(true)
  })

  it("the mount's +1: cavalry save one better (classic/armour-save §mounted)", () => {
    const { game, request } = saveRequest(['light-armour', 'shield'], 'cavalry')
    expect(request).toMatchObject({ need: 4 })
    expect(cites(game, 'armour-save', 'mounted')).toBe(true)
  })

  it("armour values live in one place: the entries' params (classic/light-armour, classic/heavy-armour)", () => {
    const data = classic.catalogue.entries
    expect(data.find((e) => e.id === 'light-armour')?.params).toEqual({ save: 6 })
    expect(data.find((e) => e.id === 'heavy-armour')?.params).toEqual({ save: 5 })
  })

  it('ASF: re-rolls misses in classic-8th when its Initiative is not lower; never in classic (variants §asf-re-rolls)', () => {
    const run = (variant: string, initiative: number) => {
      const game = combatGame(
        unitDef('elves', { rules: ['always-strikes-first'], profile: { I: initiative, WS: 4 } }),
        unitDef('orcs', { profile: { I: 3, WS: 3 } }),
        variant,
      )
      game.apply(ev.attack('elves', 'orcs', 3))
      return game.roll([1, 2, 5])
    }
    // classic-8th, I 5 against 3: the two misses are re-rolled once.
    const strict = run('classic-8th', 5)
    expect(strict.requests[0]).toMatchObject({ purpose: 're-roll-to-hit', count: 2, need: 3 })
    // classic: the seed's ASF only strikes first; the miss stays a miss.
    const seed = run('classic', 5)
    expect(seed.requests[0]).toMatchObject({ purpose: 'to-wound', count: 1 })
    expect(renderExplanationText(seed.outcomes[0]!.explanation)).toContain(
      "[ignored] Always Strikes First: re-roll failed (the seed's ASF only strikes first",
    )
    // classic-8th, Initiative lower than the enemy's: no re-roll, with the reason.
    const slow = run('classic-8th', 2)
    expect(renderExplanationText(slow.outcomes[0]!.explanation)).toContain("Initiative 2 is lower than the enemy's 3")
  })

  it('a re-rolled die keeps its first face and is never re-rolled again (classic/dice §re-roll-once)', () => {
    const game = combatGame(
      unitDef('elves', { rules: ['always-strikes-first'], profile: { I: 5, WS: 4 } }),
      unitDef('orcs', { profile: { I: 3, WS: 3 } }),
      'classic-8th',
    )
    game.apply(ev.attack('elves', 'orcs', 3))
    game.roll([1, 2, 5])
    const rerolled = game.roll([1, 4])
    const hits = rerolled.outcomes[0]!
    expect(hits.values).toMatchObject({ attacks: 3, hits: 2 })
    const text = renderExplanationText(hits.explanation)
    expect(text).toContain('re-rolled 1 -> 1, 2 -> 4 (physical)')
    expect(text).toContain('a re-rolled die is never re-rolled again (classic/dice §re-roll-once)')
    expect(rerolled.requests[0]).toMatchObject({ purpose: 'to-wound' })
  })
})

describe('typed citations', () => {
  it('a misspelt rule id, clause or decision does not compile', () => {
    const { ctx } = classicContext({}, {})
    const typed: ClassicContext = ctx
    expect(typed.rule('shield', 'save')).toEqual({ ruleset: 'classic', id: 'shield', clause: 'save' })
    const floor: 'cannot-wound-at-t-minus-4' | 'six-plus' = typed.decision('to-wound-floor')
    expect(floor).toBe('cannot-wound-at-t-minus-4')
    // @ts-expect-error: 'sav' is not a clause of the shield entry
    expect(() => typed.rule('shield', 'sav')).toThrow(/does not have/)
    // @ts-expect-error: no entry 'sheild'
    expect(() => typed.rule('sheild', 'save')).toThrow(/does not have/)
    // @ts-expect-error: no decision 'to-wound-flor'
    expect(() => typed.decision('to-wound-flor')).toThrow(/no decision/)
  })
})
