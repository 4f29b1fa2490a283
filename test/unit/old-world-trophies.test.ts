import { describe, expect, it } from 'vitest'
import type { OpenRequest } from '../../core/engine/types.js'
import { renderExplanationText } from '../../core/explain/index.js'
import { profile } from '../helpers/classic-game.js'
import { type OldWorldGame, owCombatGame, owUnit } from '../helpers/old-world-game.js'

/**
 * Issue 16, part D, for The Old World: its standards are trophies by its own rule, not classic's (old-world/standard,
 * old-world/variants §standard-recapture; rulebook p. 200, "Trophies of War": "If a fleeing unit is run down by an
 * enemy unit, or if a unit is destroyed in combat by an enemy unit, its standard is claimed as a trophy ... Once a
 * standard has been lost in this way, it cannot be reclaimed."); and a champion's higher Leadership serves its unit in
 * a break test (core-mechanics B.1: "highest Ld in unit"; old-world/unit-leadership §champion). Seed 001 has no
 * entry for either: the core rules apply.
 */

type Script = Record<string, (number[] | string | ((request: OpenRequest) => number[]))[]>

/** Answers the open requests from the script, by purpose, until none is open or one the script does not name is. */
function play(game: OldWorldGame, script: Script): void {
  for (let i = 0; i < 60 && Object.keys(game.game.requests).length > 0; i++) {
    const request = game.game.requests[game.openRequest()] as OpenRequest
    const next = script[request.purpose]?.shift()
    if (next === undefined) return
    const answer = typeof next === 'function' ? next(request) : next
    if (request.kind === 'dice') game.roll(answer as number[])
    else game.choose(answer as string)
  }
}

/** Dice that miss: as many 1s as asked. */
const ones = (request: OpenRequest) => Array.from({ length: request.kind === 'dice' ? request.count : 0 }, () => 1)

/**
 * The Victors (p1, WS 4) charge the Losers (p2, WS 3, Ld 7), five of each in contact: all five Victors' attacks hit,
 * two wound (no armour); the Losers miss. The Losers lose the round.
 */
function fight(losers: Parameters<typeof owUnit>[1] = {}, victors: Parameters<typeof owUnit>[1] = {}): OldWorldGame {
  const game = owCombatGame(
    owUnit('victors', { models: 10, formation: { files: 10 }, ...victors, profile: { WS: 4, S: 3, I: 4, Ld: 8 } }),
    owUnit('losers', { models: 10, formation: { files: 10 }, ...losers, profile: { WS: 3, T: 3, I: 3, Ld: 7 } }),
  )
  game.apply({
    type: 'CombatJoined',
    payload: {
      combat: 'c1',
      sides: [
        { player: 'p1', units: [{ unit: 'victors', charged: true }] },
        { player: 'p2', units: [{ unit: 'losers' }] },
      ],
      contact: [
        { unit: 'victors', models: 5 },
        { unit: 'losers', models: 5 },
      ],
    },
  })
  play(game, { 'to-hit': [[5, 5, 5, 5, 5], ones], 'to-wound': [[5, 5, 1, 1, 1]] })
  return game
}

describe('old-world/standard: trophies of war', () => {
  it('a unit that breaks and escapes keeps its standard: nothing is lost or removed (§lost, §removed)', () => {
    const game = fight({ command: { standard: true } })
    play(game, { 'break-test': [[5, 5]], flee: [[5, 6]], pursuit: ['pursue'], pursue: [[1, 2]] })
    expect(game.outcomes('escaped')).toHaveLength(1)
    expect(game.outcomes('standard-lost')).toHaveLength(0)
    expect(game.outcomes('standard-removed')).toHaveLength(0)
    expect(game.game.units.losers?.command.standard).toBe(true)
  })

  it('nobody pursues: the broken unit keeps its standard (classic would remove it from the game)', () => {
    const game = fight({ command: { standard: true } })
    play(game, { 'break-test': [[5, 5]], flee: [[5, 6]], pursuit: ['hold'], restraint: [[1, 2]] })
    expect(game.outcomes('standard-removed')).toHaveLength(0)
    expect(game.game.units.losers?.command.standard).toBe(true)
  })

  it('run down: its standard is claimed as a trophy by the unit that ran it down (§captured)', () => {
    const game = fight({ command: { standard: true } })
    play(game, { 'break-test': [[5, 5]], flee: [[3, 4]], pursuit: ['pursue'], pursue: [[4, 4]] })
    expect(game.outcomes('caught')[0]?.values).toMatchObject({ unit: 'losers', by: 'victors' })
    expect(game.outcomes('standard-captured')[0]?.values).toEqual({ standard: 'losers', by: 'victors' })
    expect(game.game.units.victors?.capturedStandards).toEqual(['losers'])
    expect(game.cites('standard', 'captured')).toBe(true)
    // Classic would also recapture (and remove) the trophies the run-down unit held; The Old World never does.
    expect(game.outcomes('standard-removed')).toHaveLength(0)
  })
})

describe('old-world/unit-leadership §champion: a champion with higher Leadership', () => {
  it("a break test is taken on the champion's Ld 8, not the rank and file's 7", () => {
    const game = fight({ command: { champion: true }, championProfile: profile({ WS: 3, T: 3, I: 3, Ld: 8, A: 2 }) })
    const request = game.game.requests[game.openRequest()] as OpenRequest
    expect(request.purpose).toBe('break-test')
    expect(request.text).toContain('against Ld 8')
    expect(renderExplanationText(request.explanation)).toContain("losers's champion's Ld")
    expect(game.cites('unit-leadership', 'champion')).toBe(true)
  })

  it('without a champion the unit tests on its own Ld 7', () => {
    const game = fight()
    const request = game.game.requests[game.openRequest()] as OpenRequest
    expect(request.text).toContain('against Ld 7')
    expect(game.cites('unit-leadership', 'champion')).toBe(false)
  })
})
