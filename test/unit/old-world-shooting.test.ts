import { describe, expect, it } from 'vitest'
import type { ShotMoment } from '../../core/engine/effects.js'
import { renderExplanationText } from '../../core/explain/index.js'
import { toHitShootingNeed } from '../../core/rules/battle/shooting-hits.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import type { Draft } from '../helpers/classic-game.js'
import { OldWorldGame, owEv, owUnit } from '../helpers/old-world-game.js'
import { refused } from '../helpers/refused.js'

/**
 * Old World shooting (core-mechanics B.4) through the procedure it shares with the classic ruleset, and Large
 * Target (seed 001 lines 54-58; old-world/large-target).
 */

interface ShotInput {
  shooter?: string
  target: string
  models?: number
  distance?: number
  moved?: boolean
  cover?: string
  hill?: boolean
  multipleShots?: boolean
}
const shot = (input: ShotInput): Draft => ({
  type: 'ShotDeclared',
  payload: { shooter: 'archers', weapon: 'bow', distance: 10, ...input },
})

/** p1: 20 archers (BS 3, 5 wide) with bows; p2: spearmen, a Large Target giant, and a unit with no frontage. */
function shootingGame(archers: Parameters<typeof owUnit>[1] = {}) {
  return new OldWorldGame(
    owEv.created(),
    owEv.mustered(
      'p1',
      owUnit('archers', { models: 20, formation: { files: 5 }, gear: ['hand-weapon', 'bow'], ...archers }),
      owUnit('mob', { models: 12, gear: ['hand-weapon', 'bow'] }),
    ),
    owEv.mustered(
      'p2',
      owUnit('spears', { name: 'Spearmen', models: 20, formation: { files: 5 } }),
      owUnit('giant', {
        name: 'Giant',
        troopType: 'behemoth',
        models: 1,
        rules: ['large-target'],
        profile: { T: 5, W: 6 },
      }),
    ),
    owEv.turn(1, 'p1'),
    owEv.phase('shooting'),
  )
}

const request = (game: OldWorldGame) => game.game.requests[game.openRequest()]
describe('old-world/to-hit-shooting: the BS chart and the Old World modifiers', () => {
  it('BS 3 (4+) at long range, having moved, behind partial cover: 7+ (a 6, then 4+)', () => {
    const game = shootingGame()
    game.apply(shot({ target: 'spears', distance: 20, moved: true, cover: 'partial' }))
    const open = request(game)
    expect(open).toMatchObject({ purpose: 'to-hit', count: 5, need: 6 })
    expect(open?.text).toContain('6s, then 4+ (7+)')
    expect(game.cites('to-hit-shooting', 'long-range')).toBe(true)
    expect(game.cites('to-hit-shooting', 'moved')).toBe(true)
    expect(game.cites('to-hit-shooting', 'partial-cover')).toBe(true)
  })

  it('full cover is -2: BS 3 needs 6+', () => {
    const game = shootingGame()
    game.apply(shot({ target: 'spears', cover: 'full' }))
    expect(request(game)).toMatchObject({ need: 6 })
    expect(game.cites('to-hit-shooting', 'full-cover')).toBe(true)
  })

  it('§stand-and-shoot: -1, and then no long-range penalty (shown ignored)', () => {
    const game = shootingGame()
    const ctx = game.engine.contextFor(game.state) as ClassicContext
    const moment: ShotMoment = {
      weapon: { id: 'bow', name: 'Bow', params: { range: 24, strength: 3 } },
      range: 'long',
      moved: false,
      marched: false,
      cover: 'none',
      standAndShoot: true,
      multipleShots: false,
      template: false,
    }
    const need = toHitShootingNeed(ctx, ctx.unit('archers'), ctx.unit('spears'), moment)
    expect(need.value).toBe(5)
    const text = renderExplanationText(need.explanation)
    expect(text).toContain('a Stand and Shoot reaction takes no long-range penalty')
    expect(text).toContain('(old-world/to-hit-shooting §stand-and-shoot)')
    const plain = toHitShootingNeed(ctx, ctx.unit('archers'), ctx.unit('spears'), { ...moment, standAndShoot: false })
    expect(plain.value).toBe(5)
    expect(renderExplanationText(plain.explanation)).toContain('(old-world/to-hit-shooting §long-range)')
  })

  it("classic's soft and hard cover are refused in an Old World game", () => {
    const game = shootingGame()
    refused(game, shot({ target: 'spears', cover: 'hard' }), 'rules/bad-target', /partial or full/)
  })
})

describe('old-world/multiple-shots and old-world/bow', () => {
  it('Multiple Shots (2): two shots each at -1 to hit (§penalty); the bow hits at its own S3 (old-world/bow §profile)', () => {
    const game = shootingGame({ gear: ['hand-weapon', { id: 'bow', options: { multipleShots: 2 } }] })
    game.apply(shot({ target: 'spears', multipleShots: true }))
    expect(request(game)).toMatchObject({ purpose: 'to-hit', count: 10, need: 5 })
    expect(game.cites('multiple-shots', 'penalty')).toBe(true)
    game.roll([5, 5, 5, 5, 5, 5, 5, 5, 5, 5])
    expect(request(game)).toMatchObject({ purpose: 'to-wound', need: 4 })
    expect(game.cites('bow', 'profile')).toBe(true)
  })
})

describe('old-world/shooting §firing-ranks: the front rank fires', () => {
  it('5 wide: at most 5 of 20 archers fire at Spearmen; all 5 fire when models are not given', () => {
    const game = shootingGame()
    refused(game, shot({ target: 'spears', models: 6 }), 'rules/too-many-models', /5 wide and 1 rank fire.*at most 5/)
    game.apply(shot({ target: 'spears' }))
    expect(request(game)).toMatchObject({ purpose: 'to-hit', count: 5 })
    expect(game.cites('shooting', 'firing-ranks')).toBe(true)
  })

  it('from a hill one more rank fires, as the players say', () => {
    const game = shootingGame()
    game.apply(shot({ target: 'spears', hill: true }))
    expect(request(game)).toMatchObject({ count: 10 })
  })

  it('a unit whose frontage the list does not give must say how many models fire', () => {
    const game = shootingGame()
    refused(game, shot({ shooter: 'mob', target: 'spears' }), 'rules/too-many-models', /say how many models fire/)
    game.apply(shot({ shooter: 'mob', target: 'spears', models: 4 }))
    expect(request(game)).toMatchObject({ count: 4 })
  })
})

describe('old-world/large-target', () => {
  it('§extra-rank: a unit shooting at a Large Target fires with one more rank (10 of 20, not 11)', () => {
    const game = shootingGame()
    refused(game, shot({ target: 'giant', models: 11 }), 'rules/too-many-models', /2 ranks fire.*Large Target/)
    game.apply(shot({ target: 'giant' }))
    expect(request(game)).toMatchObject({ purpose: 'to-hit', count: 10 })
    expect(game.cites('large-target', 'extra-rank')).toBe(true)
    // Line of sight across other units is the table's: the explanation says so where the models are counted.
    expect(game.cites('large-target', 'line-of-sight')).toBe(true)
  })

  it('§cover: full cover gives it no benefit: the -2 is shown ignored and BS 3 still needs 4+', () => {
    const game = shootingGame()
    game.apply(shot({ target: 'giant', cover: 'full' }))
    const open = request(game)
    expect(open).toMatchObject({ need: 4 })
    const text = renderExplanationText(open!.explanation)
    expect(text).toMatch(/full cover.*ignored|ignored.*full cover/i)
    expect(text).toContain('Large Target: partial and full cover give it no benefit')
    expect(game.cites('large-target', 'cover')).toBe(true)
  })

  it('no +1 to hit a Large Target in The Old World (that is classic): in the open BS 3 needs 4+', () => {
    const game = shootingGame()
    game.apply(shot({ target: 'giant' }))
    expect(request(game)).toMatchObject({ need: 4 })
  })
})

describe('old-world/magical-attacks with shooting', () => {
  it('a unit with Magical Attacks shoots Magical attacks: its wounds say so (§attacks)', () => {
    const game = shootingGame({ rules: ['magical-attacks'] })
    game.apply(shot({ target: 'spears' }))
    game.roll([5, 5, 5, 5, 5])
    game.roll([6, 6, 6, 6, 6])
    const wounds = game.outcomes('wounds').at(-1)!
    expect(renderExplanationText(wounds.explanation)).toContain("archers's hits are Magical attacks")
    expect(game.cites('magical-attacks', 'attacks')).toBe(true)
  })

  it('Magical Attacks on one weapon only: the bow has none when the list names another', () => {
    const game = shootingGame({ rules: [{ id: 'magical-attacks', params: { weapon: 'runed-sword' } }] })
    game.apply(shot({ target: 'spears' }))
    game.roll([5, 5, 5, 5, 5])
    game.roll([6, 6, 6, 6, 6])
    const text = renderExplanationText(game.outcomes('wounds').at(-1)!.explanation)
    expect(text).toContain("archers's hits are not Magical attacks")
    expect(text).toContain('only its runed-sword has Magical Attacks, not bow')
  })
})
