import { describe, expect, it } from 'vitest'
import { citedRules } from '../../core/explain/index.js'
import { armourSaveNeed, characteristic, toHitNeed, toWoundNeed } from '../../core/rules/battle/charts.js'
import { classicContext, combatGame, unitDef } from '../helpers/classic-game.js'

// rules/core-mechanics.md A.5: the close-combat to-hit chart, attacker WS (rows) vs defender WS (columns).
const WS_CHART = [
  [4, 4, 5, 5, 5, 5, 5, 5, 5, 5],
  [3, 4, 4, 4, 5, 5, 5, 5, 5, 5],
  [3, 3, 4, 4, 4, 4, 5, 5, 5, 5],
  [3, 3, 3, 4, 4, 4, 4, 4, 5, 5],
  [3, 3, 3, 3, 4, 4, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 4, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 3, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 3, 3, 4],
]

describe('classic/to-hit-close-combat §chart', () => {
  it('matches every cell of the WS chart', () => {
    for (let ws = 1; ws <= 10; ws++) {
      for (let target = 1; target <= 10; target++) {
        const { ctx, attacker, target: defender } = classicContext({ profile: { WS: ws } }, { profile: { WS: target } })
        expect(toHitNeed(ctx, attacker, defender, null).value, `WS ${ws} vs WS ${target}`).toBe(
          WS_CHART[ws - 1]?.[target - 1],
        )
      }
    }
  })

  it('explains the need with the chart citation and the musters it depends on', () => {
    const { ctx, attacker, target } = classicContext({ profile: { WS: 4 } }, { profile: { WS: 3 } })
    const result = toHitNeed(ctx, attacker, target, null)
    expect(result.explanation.text).toBe('needs 3+ to hit')
    expect(result.explanation.rule).toEqual({ ruleset: 'classic', id: 'to-hit-close-combat', clause: 'chart' })
    expect(result.explanation.from).toEqual([2, 3])
  })
})

describe('classic/to-wound §chart and the to-wound-floor variant', () => {
  const wound = (s: number, t: number, variant = 'classic') => {
    const { ctx, attacker, target } = classicContext({ profile: { S: s } }, { profile: { T: t } }, variant)
    return toWoundNeed(ctx, attacker, target, null, characteristic(ctx, attacker, 'S', target, null))
  }
  const need = (s: number, t: number, variant = 'classic') => wound(s, t, variant).value

  it('S >= T+2 wounds on 2+, T+1 on 3+, equal on 4+, T-1 on 5+, T-2 and T-3 on 6+', () => {
    expect([need(5, 3), need(10, 1), need(4, 3), need(3, 3), need(3, 4), need(3, 5), need(3, 6)]).toEqual([
      2, 2, 3, 4, 5, 6, 6,
    ])
  })

  it('classic (7th convention): T - S >= 4 cannot wound, and cites the variant table', () => {
    expect(need(3, 7)).toBeNull()
    expect(need(1, 10)).toBeNull()
    const result = wound(2, 6)
    expect(result.explanation.text).toContain('cannot wound')
    expect(citedRules(result.explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'to-wound',
      clause: 'cannot-wound',
    })
    expect(JSON.stringify(result.explanation)).toContain('classic/variants §to-wound-floor')
  })

  it('classic-8th: no impossible cell, T - S >= 4 still wounds on 6+', () => {
    expect(need(3, 7, 'classic-8th')).toBe(6)
    expect(need(1, 10, 'classic-8th')).toBe(6)
  })
})

describe('classic/armour-save with the seed armour (light, heavy, shield)', () => {
  const save = (gear: string[], strength: number, troopType: 'infantry' | 'cavalry' = 'infantry') => {
    const { ctx, attacker, target } = classicContext({}, { gear, troopType })
    const resolved = armourSaveNeed(ctx, target, attacker, null, strength)
    return {
      need: resolved.value !== null && resolved.value <= 6 ? resolved.value : null,
      explanation: resolved.explanation,
    }
  }

  it('light armour: 6+ (classic/light-armour §save)', () => {
    const result = save(['hand-weapon', 'light-armour'], 3)
    expect(result.need).toBe(6)
    expect(citedRules(result.explanation)).toContainEqual({ ruleset: 'classic', id: 'light-armour', clause: 'save' })
  })

  it('heavy armour: 5+ (classic/heavy-armour §save), the best armour worn counts', () => {
    expect(save(['heavy-armour'], 3).need).toBe(5)
    const both = save(['light-armour', 'heavy-armour'], 3)
    expect(both.need).toBe(5)
    // the worse armour is listed, ignored, with the reason
    expect(both.explanation.children.find((c) => c.rule?.id === 'light-armour')).toMatchObject({ status: 'ignored' })
  })

  it('shield: +1, alone a 6+ save (classic/shield §save)', () => {
    expect(save(['light-armour', 'shield'], 3).need).toBe(5)
    expect(save(['heavy-armour', 'shield'], 3).need).toBe(4)
    expect(save(['shield'], 3).need).toBe(6)
    expect(citedRules(save(['shield'], 3).explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'shield',
      clause: 'save',
    })
  })

  it("mounted: +1 for cavalry (classic/armour-save §mounted), the mount's +1", () => {
    expect(save(['heavy-armour', 'shield'], 3, 'cavalry').need).toBe(3)
    expect(save([], 3, 'cavalry').need).toBe(6)
    expect(citedRules(save([], 3, 'cavalry').explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'armour-save',
      clause: 'mounted',
    })
  })

  it('Strength modifier: -1 per point above 3, shown as ignored at S 3 or less', () => {
    expect(save(['heavy-armour', 'shield'], 4).need).toBe(5)
    expect(save(['heavy-armour', 'shield'], 5).need).toBe(6)
    const weak = save(['light-armour'], 2)
    expect(
      weak.explanation.children.some((c) => c.status === 'ignored' && c.rule?.clause === 'strength-modifier'),
    ).toBe(true)
  })

  it('no save when it would need 7+, or with no armour at all', () => {
    expect(save(['light-armour'], 4).need).toBeNull()
    expect(save(['heavy-armour', 'shield'], 6).need).toBeNull()
    expect(save(['hand-weapon'], 3).need).toBeNull()
  })
})

describe('classic melee attacks, end to end through the engine', () => {
  it('hand weapon: strikes at the wielder S; to hit, to wound, save, casualties in order', () => {
    const game = combatGame(
      unitDef('warriors', { models: 10, profile: { WS: 4, S: 3 }, gear: ['hand-weapon', 'light-armour', 'shield'] }),
      unitDef('boyz', { models: 10, profile: { WS: 3, T: 4 }, gear: ['hand-weapon', 'light-armour'] }),
    )
    const declared = game.apply({
      type: 'MeleeAttacksDeclared',
      payload: { attacker: 'warriors', target: 'boyz', models: 5 },
    })
    expect(declared.requests).toMatchObject([{ kind: 'dice', purpose: 'to-hit', count: 5, need: 3, roller: 'p1' }])

    const hit = game.roll([6, 3, 4, 1, 5])
    expect(hit.outcomes[0]?.values).toEqual({ attacks: 5, need: 3, hits: 4 })
    expect(hit.requests).toMatchObject([{ purpose: 'to-wound', count: 4, need: 5 }])
    expect(citedRules(hit.requests[0]!.explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'hand-weapon',
      clause: 'strength',
    })

    const wound = game.roll([5, 2, 6, 4])
    expect(wound.outcomes[0]?.values).toEqual({ hits: 4, need: 5, wounds: 2 })
    expect(wound.requests).toMatchObject([{ purpose: 'armour-save', count: 2, need: 6, roller: 'p2' }])

    const saved = game.roll([6, 3])
    expect(saved.outcomes[0]).toMatchObject({ kind: 'casualties', values: { unsaved: 1, removed: 1, modelsLeft: 9 } })
    expect(saved.outcomes[0]?.explanation.from).toEqual([9])
    expect(game.game.units.boyz?.models).toBe(9)
    expect(game.game.requests).toEqual({})
  })

  it('natural 1 always misses: a 1 never hits even when 1+ would (classic/to-hit-close-combat §natural-1)', () => {
    const game = combatGame(unitDef('a', { profile: { WS: 10 } }), unitDef('b', { profile: { WS: 1 } }))
    game.apply({ type: 'MeleeAttacksDeclared', payload: { attacker: 'a', target: 'b', models: 3 } })
    const result = game.roll([1, 1, 3])
    expect(result.outcomes[0]?.values).toMatchObject({ hits: 1 })
    expect(citedRules(result.outcomes[0]!.explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'to-hit-close-combat',
      clause: 'natural-1',
    })
  })

  it('no hits: the procedure ends without asking for wound dice', () => {
    const game = combatGame(unitDef('a'), unitDef('b'))
    game.apply({ type: 'MeleeAttacksDeclared', payload: { attacker: 'a', target: 'b', models: 2 } })
    const result = game.roll([2, 3])
    expect(result.requests).toEqual([])
    expect(game.game.requests).toEqual({})
  })

  it('cannot wound ("N"): hits end with no wound dice in the classic variant', () => {
    const game = combatGame(unitDef('gob', { profile: { S: 2 } }), unitDef('giant', { profile: { T: 6 } }))
    game.apply({ type: 'MeleeAttacksDeclared', payload: { attacker: 'gob', target: 'giant', models: 2 } })
    const result = game.roll([5, 6])
    expect(result.outcomes.map((o) => o.kind)).toEqual(['hits', 'wounds'])
    expect(result.outcomes[1]?.values).toEqual({ hits: 2, need: null, wounds: 0 })
    expect(result.requests).toEqual([])
  })

  it('no armour: unsaved wounds are removed without asking for saves', () => {
    const game = combatGame(unitDef('a', { profile: { S: 4 } }), unitDef('b', { gear: ['hand-weapon'] }))
    game.apply({ type: 'MeleeAttacksDeclared', payload: { attacker: 'a', target: 'b', models: 2 } })
    game.roll([4, 4])
    const result = game.roll([3, 6])
    expect(result.outcomes.map((o) => o.kind)).toEqual(['wounds', 'casualties'])
    expect(result.outcomes[1]?.values).toMatchObject({ unsaved: 2, removed: 2, modelsLeft: 8 })
  })

  it('casualties: multi-wound models fill up one at a time (classic/casualties §fill-up)', () => {
    const game = combatGame(
      unitDef('a', { profile: { S: 6, A: 3 } }),
      unitDef('ogres', { models: 3, profile: { W: 3, T: 4 }, gear: [] }),
    )
    game.apply({ type: 'MeleeAttacksDeclared', payload: { attacker: 'a', target: 'ogres', models: 2 } })
    game.roll([6, 6, 6, 6, 6, 2])
    const result = game.roll([6, 6, 6, 6, 6])
    expect(result.outcomes[1]?.values).toEqual({
      unit: 'ogres',
      unsaved: 5,
      removed: 1,
      modelsLeft: 2,
      woundsOnNextModel: 2,
    })
    expect(game.game.units.ogres).toMatchObject({ models: 2, woundsOnNextModel: 2 })
  })

  it('attacks are made in the close-combat phase only (classic/turn-sequence §close-combat)', () => {
    const game = combatGame(unitDef('a'), unitDef('b'))
    // p2's turn, its shooting phase (phases do not go back within a turn: classic/turn-sequence §phases).
    game.apply({ type: 'TurnStarted', payload: { turn: 1, player: 'p2' } })
    game.apply({ type: 'PhaseStarted', payload: { phase: 'shooting' } })
    expect(() => game.apply({ type: 'MeleeAttacksDeclared', payload: { attacker: 'a', target: 'b' } })).toThrow(
      /close-combat phase, not shooting/,
    )
  })

  it('refuses friendly targets, unknown units and more fighting models than the unit has', () => {
    const game = combatGame(unitDef('a', { models: 4 }), unitDef('b'))
    expect(() => game.apply({ type: 'MeleeAttacksDeclared', payload: { attacker: 'a', target: 'a' } })).toThrow(
      /same side/,
    )
    expect(() => game.apply({ type: 'MeleeAttacksDeclared', payload: { attacker: 'a', target: 'ghost' } })).toThrow(
      /no unit "ghost"/,
    )
    expect(() =>
      game.apply({ type: 'MeleeAttacksDeclared', payload: { attacker: 'a', target: 'b', models: 5 } }),
    ).toThrow(/5 models cannot fight, a has 4/)
  })

  it('every rule an attack cites is in the catalogue, with a clause it has', () => {
    const game = combatGame(unitDef('a', { profile: { S: 4 } }), unitDef('b', { gear: ['light-armour', 'shield'] }))
    game.apply({ type: 'MeleeAttacksDeclared', payload: { attacker: 'a', target: 'b', models: 3 } })
    game.roll([1, 4, 6])
    game.roll([3, 5])
    game.roll([6, 2])
    const cited = game.steps
      .flatMap((s) => [...s.outcomes.map((o) => o.explanation), ...s.requests.map((r) => r.explanation)])
      .flatMap(citedRules)
    expect(cited.length).toBeGreaterThan(5)
    for (const ref of cited) {
      const entry = game.engine.ruleset.catalogue.entries.find((e) => e.id === ref.id)
      expect(entry?.clauses[ref.clause], `${ref.id} §${ref.clause}`).toBeDefined()
    }
  })
})
