import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../../core/engine/index.js'
import { canonicalJson } from '../../../core/events/index.js'
import { citedRules, renderExplanationText } from '../../../core/explain/index.js'
import { EngineGame, ev, unitDef } from '../../helpers/classic-game.js'
import { moveEv } from '../../helpers/classic-movement.js'

/**
 * A whole round, computed by hand: Dark Elf Corsairs with the Hydra Banner and Hatred (of the
 * Empire) charge Empire Spearmen with a standard and a musician. Every number below is worked out
 * in the comments from the seed's entries and the variant table (variant `classic`).
 *
 * Corsairs: 20, five wide, M5 WS4 S3 T3 I5 A1 Ld8, hand weapon, light armour, standard, Hydra Banner.
 * Spearmen: 20, five wide, M4 WS3 S3 T3 I3 A1 Ld7, spear, light armour, shield, standard, musician.
 */
const corsairs = unitDef('corsairs', {
  name: 'Corsairs',
  race: 'dark-elves',
  models: 20,
  formation: { files: 5 },
  profile: { M: 5, WS: 4, S: 3, T: 3, I: 5, A: 1, Ld: 8 },
  gear: ['hand-weapon', 'light-armour', 'hydra-banner'],
  rules: [{ id: 'hatred', params: { enemies: 'empire' } }],
  command: { standard: true },
})
const spearmen = unitDef('spearmen', {
  name: 'Spearmen',
  race: 'empire',
  models: 20,
  formation: { files: 5 },
  profile: { M: 4, WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7 },
  gear: ['hand-weapon', 'spear', 'light-armour', 'shield'],
  command: { standard: true, musician: true },
})

const all = (game: EngineGame, kind: Outcome['kind']) =>
  game.steps.flatMap((step) => step.outcomes).filter((o) => o.kind === kind)

describe('a charge with the Hydra Banner and Hatred into a spear unit with a standard and a musician', () => {
  it('is fought, scored, broken and run down as worked out by hand', () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', corsairs),
      ev.mustered('p2', spearmen),
      ev.turn(1, 'p1'),
      ev.phase('movement'),
    )
    // The charge: 8" measured; classic charges 2 x M = 10" (classic/variants §charge-range), so it reaches.
    // The Spearmen hold (no missile weapon to stand and shoot with; fleeing would give up the fight).
    const declared = game.apply(moveEv.charge('corsairs', 'spearmen', 8))
    expect(declared.requests[0]).toMatchObject({ kind: 'choice', purpose: 'charge-response', chooser: 'p2' })
    const held = game.apply(ev.choice(game.openRequest(), 'hold'))
    expect(held.outcomes.find((o) => o.kind === 'charge-result')?.values).toMatchObject({ reached: true })
    game.apply(ev.phase('magic'))
    game.apply(ev.phase('shooting'))
    game.apply(ev.phase('close-combat'))
    const joined = game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'charge-6',
        sides: [
          { player: 'p1', units: [{ unit: 'corsairs', charged: true }] },
          { player: 'p2', units: [{ unit: 'spearmen' }] },
        ],
        contact: [
          { unit: 'corsairs', models: 5 },
          { unit: 'spearmen', models: 5, supporting: 5 },
        ],
      },
    })
    // The Corsairs charged: they strike first. 5 models x (A1 + 1 Hydra Banner) = 10 attacks, WS4 vs WS3: 3+.
    expect(joined.requests[0]).toMatchObject({ purpose: 'to-hit', count: 10, need: 3, roller: 'p1' })
    // 6 hit; Hatred re-rolls the 4 misses in the first round: 2 more hit -> 8 hits.
    const missed = game.roll([1, 2, 3, 4, 5, 6, 1, 2, 3, 4])
    expect(missed.requests[0]).toMatchObject({ purpose: 're-roll-to-hit', count: 4 })
    const hits = game.roll([3, 1, 5, 2])
    expect(hits.outcomes[0]).toMatchObject({ kind: 'hits', values: { hits: 8 } })
    // S3 vs T3: 4+ -> 5 wounds.
    expect(hits.requests[0]).toMatchObject({ purpose: 'to-wound', count: 8, need: 4 })
    const wounds = game.roll([4, 5, 6, 1, 2, 3, 4, 6])
    // Spearmen: light armour 6+ and shield (the spear is not two-handed): 5+. 2 saved, 3 slain: 20 -> 17.
    expect(wounds.requests[0]).toMatchObject({ purpose: 'armour-save', count: 5, need: 5, roller: 'p2' })
    const saved = game.roll([5, 6, 1, 2, 3])
    expect(game.game.units.spearmen?.models).toBe(17)
    // Spearmen: 5 in contact, 3 slain -> 2 fight; the spear's second rank (5) fights too: 2 + 5 = 7 attacks at 4+.
    expect(saved.requests[0]).toMatchObject({ purpose: 'to-hit', count: 7, need: 4, roller: 'p2' })
    game.roll([4, 5, 6, 1, 2, 3, 4])
    // 4 hits; S3 vs T3 4+: 3 wounds; Corsairs' light armour 6+: 1 saved, 2 slain: 20 -> 18.
    game.roll([4, 4, 1, 6])
    const struck = game.roll([6, 1, 2])
    expect(game.game.units.corsairs?.models).toBe(18)
    // Combat result. Corsairs: 3 wounds + 3 ranks (4 ranks of five as the round began) + standard 1 + outnumbering
    // 1 (18 against 17) = 8. Spearmen: 2 wounds + 3 ranks + standard 1 = 6. No draw, so no musician. Corsairs by 2.
    const result = struck.outcomes.find((o) => o.kind === 'combat-result')!
    expect(result.values).toMatchObject({ scores: { p1: 8, p2: 6 }, winner: 'p1', difference: 2 })
    // Break test: Ld 7 - 2 = 5; 3 + 4 = 7: the Spearmen break.
    expect(struck.requests[0]).toMatchObject({ purpose: 'break-test', roller: 'p2' })
    game.roll([3, 4])
    // They flee 2D6 (M4): 5. Hatred: the Corsairs must pursue, with no choice and no restraint test.
    const fled = game.roll([2, 3])
    // Broken, they lose their standard (classic/standard §lost).
    expect(fled.outcomes.map((o) => o.kind)).toEqual(['fled', 'standard-lost', 'pursuit-forced'])
    expect(fled.requests[0]).toMatchObject({ kind: 'dice', purpose: 'pursue', roller: 'p1', count: 2 })
    // Pursuit 2D6 (M5): 6 >= 5: caught and destroyed.
    const caught = game.roll([3, 3])
    // Pursued, their standard is captured (classic/standard §captured).
    expect(caught.outcomes.map((o) => o.kind)).toEqual([
      'pursued',
      'caught',
      'standard-captured',
      'round-ended',
      'combat-ended',
    ])
    expect(game.game.units.spearmen).toMatchObject({ models: 0 })

    const cited = game.steps
      .flatMap((s) => [...s.outcomes.map((o) => o.explanation), ...s.requests.map((r) => r.explanation)])
      .flatMap(citedRules)
      .map((ref) => `${ref.id} §${ref.clause}`)
    for (const rule of ['hydra-banner §first-round', 'hatred §re-roll', 'hatred §pursue', 'spear §two-ranks'])
      expect(cited).toContain(rule)
    expect(renderExplanationText(all(game, 'pursuit-forced')[0]!.explanation)).toContain('Hatred: must pursue')

    // The whole record replays to the same game, outcomes and explanations, byte for byte.
    const again = new EngineGame(...game.drafts)
    expect(canonicalJson(again.game)).toBe(canonicalJson(game.game))
    expect(JSON.stringify(again.steps)).toBe(JSON.stringify(game.steps))
  })
})

describe('Draich-armed troops with Killing Blow into heavy armour and shields', () => {
  it('draich and killing blow: S5 wounds T4 on 3+, and each natural 6 to wound skips the armour save', () => {
    // Executioners: 10, M5 WS5 S3 T3 I5 A1 Ld8, draich (two-handed, +2S), heavy armour, Killing Blow; they charge.
    // Knights on foot: 10, WS4 S4 T4 I3 A1 Ld8, hand weapon, heavy armour and shield.
    const game = new EngineGame(
      ev.created(),
      ev.mustered(
        'p1',
        unitDef('executioners', {
          race: 'dark-elves',
          profile: { M: 5, WS: 5, S: 3, T: 3, I: 5, A: 1, Ld: 8 },
          gear: ['hand-weapon', 'draich', 'heavy-armour'],
          rules: ['killing-blow'],
        }),
      ),
      ev.mustered(
        'p2',
        unitDef('knights', {
          profile: { M: 4, WS: 4, S: 4, T: 4, I: 3, A: 1, Ld: 8 },
          gear: ['hand-weapon', 'heavy-armour', 'shield'],
        }),
      ),
      ev.turn(1, 'p1'),
      ev.phase('close-combat'),
    )
    game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'c1',
        sides: [
          { player: 'p1', units: [{ unit: 'executioners', charged: true }] },
          { player: 'p2', units: [{ unit: 'knights' }] },
        ],
        contact: [
          { unit: 'executioners', models: 5 },
          { unit: 'knights', models: 5 },
        ],
      },
    })
    // 5 attacks, WS5 vs WS4: 3+ -> 4 hits.
    const hit = game.roll([3, 4, 5, 6, 1])
    // Draich: S3 + 2 = 5 against T4: 3+.
    expect(hit.requests[0]).toMatchObject({ purpose: 'to-wound', count: 4, need: 3 })
    // 3 wounds, two of them natural 6s: Killing Blow lets only the 3 be saved.
    const wounded = game.roll([6, 6, 3, 1])
    // Heavy armour 5+, shield +1 -> 4+, Strength 5 -2 -> 6+.
    expect(wounded.requests[0]).toMatchObject({ purpose: 'armour-save', count: 1, need: 6, roller: 'p2' })
    const saved = game.roll([6])
    expect(saved.outcomes[0]).toMatchObject({ kind: 'casualties', values: { unit: 'knights', unsaved: 2, removed: 2 } })
    // The knights strike back with 5 - 2 = 3 models; the Executioners' save: heavy armour 5+, no shield, S4 -1 -> 6+.
    expect(saved.requests[0]).toMatchObject({ purpose: 'to-hit', count: 3, roller: 'p2' })
    game.roll([6, 6, 6])
    const knightsWound = game.roll([6, 6, 6])
    expect(knightsWound.requests[0]).toMatchObject({ purpose: 'armour-save', count: 3, need: 6, roller: 'p1' })
  })
})
