import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../core/events/index.js'
import { EngineGame, ev, unitDef } from '../helpers/classic-game.js'

/** Gear a generic unit may carry into a fight: a weapon, armour, perhaps a shield. */
const weapons = ['hand-weapon', 'spear', 'halberd', 'great-weapon', 'additional-hand-weapon'] as const
const armours = [[], ['light-armour'], ['heavy-armour']] as const
/** Rules that change the numbers of a fight: re-rolls, natural 6s, saves after saves, psychology. */
const fightingRules = ['killing-blow', 'hatred', 'eternal-hatred', 'regeneration', 'impale', 'fear', 'terror'] as const

const characteristic = fc.integer({ min: 1, max: 10 })
const unitArbitrary = fc.record({
  models: fc.integer({ min: 1, max: 30 }),
  files: fc.integer({ min: 1, max: 10 }),
  cavalry: fc.boolean(),
  profile: fc.record({
    M: fc.integer({ min: 3, max: 9 }),
    WS: characteristic,
    BS: characteristic,
    S: characteristic,
    T: characteristic,
    W: fc.integer({ min: 1, max: 3 }),
    I: characteristic,
    A: fc.integer({ min: 1, max: 4 }),
    Ld: fc.integer({ min: 2, max: 10 }),
  }),
  weapon: fc.constantFrom(...weapons),
  armour: fc.constantFrom(...armours),
  shield: fc.boolean(),
  ward: fc.boolean(),
  rules: fc.subarray([...fightingRules], { maxLength: 3 }),
  command: fc.record({ champion: fc.constant(false), standard: fc.boolean(), musician: fc.boolean() }),
})
type UnitArbitrary = typeof unitArbitrary extends fc.Arbitrary<infer T> ? T : never

function definition(id: string, unit: UnitArbitrary) {
  const twoHanded = unit.weapon !== 'hand-weapon' && unit.weapon !== 'spear'
  return unitDef(id, {
    models: unit.models,
    troopType: unit.cavalry ? 'cavalry' : 'infantry',
    profile: unit.profile,
    gear: [
      ...new Set(['hand-weapon', unit.weapon]),
      ...unit.armour,
      ...(unit.shield && !twoHanded ? ['shield'] : []),
      ...(unit.ward ? ['dance-of-doom'] : []),
    ],
    rules: unit.rules,
    formation: { files: Math.min(unit.files, unit.models) },
    command: unit.command,
  })
}

/** Dice purposes rolled against a score on one D6: their need is what the rules let a roll need. */
const d6Purposes = new Set(['to-hit', 'to-wound', 'armour-save', 'ward-save', 'regeneration'])

/**
 * Plays a whole fight: the charge, then rounds while the combat goes on (at most four), every
 * request answered from the drawn faces. Returns the drafts applied, for a replay.
 */
function playFight(a: UnitArbitrary, b: UnitArbitrary, variant: string, faces: readonly number[]) {
  const drafts = [
    ev.created(variant),
    ev.mustered('p1', definition('a', a)),
    ev.mustered('p2', definition('b', b)),
    ev.turn(1, 'p1'),
    ev.phase('close-combat'),
  ]
  const game = new EngineGame(...drafts)
  let next = 0
  const face = () => faces[next++ % faces.length] as number
  const apply = (draft: (typeof drafts)[number]) => {
    drafts.push(draft)
    return game.apply(draft)
  }
  const answerAll = () => {
    for (let guard = 0; guard < 200; guard++) {
      const open = Object.values(game.game.requests)[0]
      if (!open) return
      if (open.kind === 'dice') apply(ev.dice(open.id, Array.from({ length: open.count }, face)))
      else apply(ev.choice(open.id, open.options[face() % open.options.length]?.id ?? ''))
    }
    throw new Error('the fight did not end within 200 answers')
  }
  answerAll()
  const contact = (unit: UnitArbitrary, id: string) => ({ unit: id, models: Math.min(unit.files, unit.models) })
  apply({
    type: 'CombatJoined',
    actor: 'p1',
    payload: {
      combat: 'c1',
      sides: [
        { player: 'p1', units: [{ unit: 'a', charged: true }] },
        { player: 'p2', units: [{ unit: 'b' }] },
      ],
      contact: [contact(a, 'a'), contact(b, 'b')],
    },
  })
  answerAll()
  // Player turns 2 to 4: p2's turn 1, then turn 2 of p1 and of p2 (players alternate, classic/turn-sequence).
  for (let playerTurn = 2; playerTurn <= 4 && !game.game.combats.c1?.ended; playerTurn++) {
    apply(ev.turn(Math.ceil(playerTurn / 2), playerTurn % 2 === 0 ? 'p2' : 'p1'))
    answerAll()
    apply(ev.phase('close-combat'))
    answerAll()
    const ua = game.game.units.a
    const ub = game.game.units.b
    if (!ua || !ub || ua.models === 0 || ub.models === 0) break
    apply({
      type: 'CombatRoundDeclared',
      actor: 'p1',
      payload: {
        combat: 'c1',
        contact: [
          { unit: 'a', models: Math.min(a.files, ua.models) },
          { unit: 'b', models: Math.min(b.files, ub.models) },
        ],
      },
    })
    answerAll()
  }
  return { game, drafts }
}

describe('classic: random legal fights (property)', () => {
  it('replay is deterministic, and every D6 need lies between 2+ and 6+ (classic/dice, classic/to-hit-close-combat)', () => {
    const checked = new Map<string, number>()
    fc.assert(
      fc.property(
        unitArbitrary,
        unitArbitrary,
        fc.constantFrom('classic', 'classic-8th'),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 50, maxLength: 400 }),
        (a, b, variant, faces) => {
          const { game, drafts } = playFight(a, b, variant, faces)
          for (const step of game.steps) {
            for (const request of step.requests) {
              const purpose = request.purpose.replace(/^re-roll-/, '')
              if (request.kind !== 'dice' || !d6Purposes.has(purpose) || request.need === undefined) continue
              checked.set(purpose, (checked.get(purpose) ?? 0) + 1)
              expect(request.need, `${request.text}`).toBeGreaterThanOrEqual(2)
              expect(request.need, `${request.text}`).toBeLessThanOrEqual(6)
            }
          }
          const again = new EngineGame(...drafts)
          expect(canonicalJson(again.game)).toBe(canonicalJson(game.game))
          expect(JSON.stringify(again.steps)).toBe(JSON.stringify(game.steps))
        },
      ),
      { numRuns: 150, seed: 7 },
    )
    // The fights got as far as every kind of roll: the property was not checked on empty fights.
    for (const purpose of d6Purposes) expect(checked.get(purpose) ?? 0, purpose).toBeGreaterThan(0)
  })
})
