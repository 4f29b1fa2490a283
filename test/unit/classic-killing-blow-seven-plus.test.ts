import { describe, expect, it } from 'vitest'
import { renderExplanationText } from '../../core/explain/index.js'
import { ev, RulesetGame, unitDef } from '../helpers/classic-game.js'
import { classicWithHarderToWound } from '../helpers/harder-to-wound.js'

/**
 * Seed 000, Killing Blow: "To-wound rolls of a natural 6 ignore armour saves. Has no effect on to-wound rolls of 7+."
 * No rule of seed 000 worsens a to-wound score, so a test-only entry stands in for one (test/helpers/harder-to-wound.ts).
 */
const ruleset = classicWithHarderToWound

function fight(targetRules: string[]) {
  const game = new RulesetGame(
    ruleset,
    ev.created(),
    ev.mustered(
      'p1',
      unitDef('executioners', { profile: { WS: 5, S: 3, I: 5, A: 1 }, gear: ['hand-weapon'], rules: ['killing-blow'] }),
    ),
    ev.mustered(
      'p2',
      unitDef('guard', {
        profile: { WS: 1, T: 5, I: 1, A: 0 },
        gear: ['hand-weapon', 'heavy-armour'],
        rules: targetRules,
      }),
    ),
    ev.turn(1, 'p1'),
    ev.phase('close-combat'),
  )
  game.apply({
    type: 'CombatJoined',
    actor: 'p1',
    payload: {
      combat: 'c1',
      sides: [
        { player: 'p1', units: [{ unit: 'executioners' }] },
        { player: 'p2', units: [{ unit: 'guard' }] },
      ],
      contact: [
        { unit: 'executioners', models: 2 },
        { unit: 'guard', models: 2 },
      ],
    },
  })
  game.roll([6, 6]) // both hit
  return game
}
const open = (game: RulesetGame) => Object.values(game.game.requests)[0]

describe('Killing Blow and to-wound rolls of 7+ (classic/killing-blow §seven-plus)', () => {
  it('a 6+ to wound: a natural 6 ignores the armour save (no save is asked for it)', () => {
    const game = fight([])
    expect(open(game)).toMatchObject({ purpose: 'to-wound', need: 6 })
    game.roll([6, 1])
    // One wound, a natural 6: Killing Blow, no armour save; the wound is unsaved at once.
    expect(open(game)?.purpose).not.toBe('armour-save')
    expect(game.game.units.guard?.models).toBe(9)
  })

  it('a 7+ to wound: a 6, then 4+; its natural 6s get no Killing Blow, the armour save is taken', () => {
    const game = fight(['test-harder-to-wound'])
    expect(open(game)).toMatchObject({ purpose: 'to-wound', need: 6 })
    expect(open(game)?.text).toBe('executioners: roll 2 D6 to wound guard, 6s, then 4+ (7+)')
    game.roll([6, 6])
    expect(open(game)).toMatchObject({ purpose: 'to-wound-7-plus', need: 4, count: 2 })
    game.roll([6, 2]) // one wound, its second die a natural 6
    const save = open(game)
    expect(save).toMatchObject({ purpose: 'armour-save', count: 1 })
    const why = renderExplanationText(save!.explanation)
    expect(why).toContain('[ignored] Killing Blow: no armour save')
    expect(why).toContain('no effect on to-wound rolls of 7+ (classic/variants §killing-blow-seven-plus)')
  })
})
