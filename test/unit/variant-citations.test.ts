import { describe, expect, it } from 'vitest'
import { citedRules } from '../../core/explain/index.js'
import { combatGame, ev, unitDef } from '../helpers/classic-game.js'

/** Every number that rests on a variant switch cites it, with the value it took in this game. */
describe('variant decisions are cited where a number rests on them', () => {
  const fight = (variant: string) => {
    const game = combatGame(
      unitDef('many', { models: 20, formation: { files: 5 } }),
      unitDef('few', { models: 10, formation: { files: 5 } }),
      variant,
    )
    game.apply(ev.joined('many', 'few', 5))
    for (let i = 0; i < 12 && Object.keys(game.game.requests).length > 0; i++) {
      const open = Object.values(game.game.requests)[0]
      if (open?.kind !== 'dice') break
      game.roll(Array.from({ length: open.count }, () => 1))
    }
    return game.steps.flatMap((s) => s.outcomes).find((o) => o.kind === 'combat-result')
  }

  it('outnumbering: classic/variants §outnumber cited on the +1, with the value "plus-one" (classic/combat-result)', () => {
    const result = fight('classic')
    expect(citedRules(result!.explanation)).toContainEqual({ ruleset: 'classic', id: 'variants', clause: 'outnumber' })
    expect(JSON.stringify(result!.explanation)).toContain('variant decision outnumber: plus-one')
  })

  it('classic-8th: the same record ignored, and the decision that ignores it cited with its value "none"', () => {
    const result = fight('classic-8th')
    expect(JSON.stringify(result!.explanation)).toContain('variant decision outnumber: none')
  })
})
