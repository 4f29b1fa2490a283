import { describe, expect, it } from 'vitest'
import type { CombatMoment } from '../../core/engine/effects.js'
import type { Outcome } from '../../core/engine/outcomes.js'
import { ArbiterError } from '../../core/events/errors.js'
import { citedRules, type Explanation, renderExplanationText } from '../../core/explain/index.js'
import { characteristic, wardSaveNeed } from '../../core/rules/battle/charts.js'
import { leadershipFor } from '../../core/rules/battle/leadership.js'
import { characterView, hasModelsLeft } from '../../core/rules/battle/models.js'
import { fearFrom } from '../../core/rules/battle/psychology-records.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import { EngineGame, ev, profile, type UnitInput, unitDef } from '../helpers/classic-game.js'

/**
 * The seams between the classic ruleset's parts (issue #7): shooting and spells against champions,
 * characters and hidden models; magic's effects on shooting and charging; Terror and Fear; Regeneration
 * outside combat; Stand and Shoot answering a real charge; a unit's banner reaching its characters.
 * Profiles: Dark Elf Corsairs BS 4 with repeater crossbows (S3) and handbows; Orc Boyz T 4, light armour (6+).
 */
type Draft = Parameters<EngineGame['apply']>[0]

const corsairs = (extra: UnitInput = {}) =>
  unitDef('corsairs', {
    name: 'Corsairs',
    models: 10,
    // Ten wide: the front rank, the only one that fires in classic (classic/shooting §firing-ranks), is all ten.
    formation: { files: 10 },
    race: 'dark-elves',
    profile: { BS: 4 },
    gear: ['hand-weapon', 'repeater-crossbow', 'handbows', 'light-armour'],
    ...extra,
  })
const boss = (extra: Record<string, unknown> = {}) => ({
  id: 'boss',
  name: 'Orc Boss',
  gear: ['hand-weapon', 'light-armour'],
  profile: profile({ WS: 5, S: 4, T: 5, W: 2, I: 3, A: 3, Ld: 9 }),
  ...extra,
})
const boyz = (extra: UnitInput = {}) =>
  unitDef('boyz', {
    name: 'Orc Boyz',
    models: 6,
    profile: { T: 4 },
    gear: ['hand-weapon', 'light-armour'],
    command: { champion: true },
    championProfile: profile({ T: 4, W: 2, A: 2 }),
    ...extra,
  })

const shot = (payload: Record<string, unknown> = {}): Draft => ({
  type: 'ShotDeclared',
  payload: { shooter: 'corsairs', target: 'boyz', weapon: 'repeater-crossbow', range: 'short', ...payload },
})

function game(p1: ReturnType<typeof unitDef>[], p2: ReturnType<typeof unitDef>[], phase = 'shooting', player = 'p1') {
  return new EngineGame(
    ev.created(),
    ev.mustered('p1', ...p1),
    ev.mustered('p2', ...p2),
    ev.turn(1, player),
    ev.phase(phase),
  )
}

const explanations = (g: EngineGame): Explanation[] =>
  g.steps.flatMap((step) => [...step.outcomes.map((o) => o.explanation), ...step.requests.map((r) => r.explanation)])
const cites = (g: EngineGame, id: string, clause: string) =>
  explanations(g)
    .flatMap(citedRules)
    .some((ref) => ref.ruleset === 'classic' && ref.id === id && ref.clause === clause)
const citesIn = (tree: Explanation, id: string, clause: string) =>
  citedRules(tree).some((ref) => ref.ruleset === 'classic' && ref.id === id && ref.clause === clause)
const text = (g: EngineGame) =>
  explanations(g)
    .map((tree) => renderExplanationText(tree))
    .join('\n')
function outcomes<K extends Outcome['kind']>(g: EngineGame, kind: K) {
  return g.steps.flatMap((step) => step.outcomes).filter((o): o is Extract<Outcome, { kind: K }> => o.kind === kind)
}
const request = (g: EngineGame) => g.game.requests[g.openRequest()]
const ctxOf = (g: EngineGame) => g.engine.contextFor(g.state) as ClassicContext
function refusal(run: () => unknown): ArbiterError {
  try {
    run()
  } catch (error) {
    if (error instanceof ArbiterError) return error
    throw error
  }
  throw new Error('expected a refusal')
}
/** Rolls `face` for every die the open request asks for. */
const rollAll = (g: EngineGame, face: number) => {
  const open = request(g)
  return g.roll(Array(open?.kind === 'dice' ? open.count : 0).fill(face))
}

describe('shooting and spells against champions and characters (classic/champion, classic/characters)', () => {
  it('champion §ranged-protection, shooting §hits-on-rank-and-file: ten wounds on six Boyz leave the champion', () => {
    const g = game([corsairs()], [boyz()])
    g.apply(shot())
    // 10 shots at 3+: all hit; S3 against T4 wounds on 5+: all wound; light armour 6+: all fail.
    rollAll(g, 6)
    rollAll(g, 6)
    rollAll(g, 1)
    const [casualties] = outcomes(g, 'casualties')
    expect(casualties?.values).toMatchObject({ unsaved: 10, removed: 5, modelsLeft: 1 })
    expect(g.game.units.boyz?.models).toBe(1)
    expect(g.game.units.boyz?.championWoundsLost ?? 0).toBe(0)
    expect(citesIn(casualties!.explanation, 'champion', 'attacked-separately')).toBe(true)
    expect(cites(g, 'champion', 'ranged-protection')).toBe(true)
    expect(cites(g, 'shooting', 'hits-on-rank-and-file')).toBe(true)
  })

  it('champion §ranged-protection, variants §ranged-pick-out: a shot may name a champion only when fewer than 5 protect it', () => {
    const five = game([corsairs()], [boyz()])
    const refused = refusal(() => five.apply(shot({ at: 'champion' })))
    expect(refused.code).toBe('rules/bad-target')
    expect(refused.message).toContain(
      'champion protected: 5 rank and file besides it (classic/champion §ranged-protection)',
    )
    expect(five.game.seq).toBe(5)

    const four = game([corsairs()], [boyz({ models: 5 })])
    four.apply(shot({ at: 'champion', models: 2 }))
    rollAll(four, 6)
    // S3 against the champion's T4: 5+; its light armour 6+ fails; W2: slain, nothing passes to the unit.
    rollAll(four, 6)
    rollAll(four, 1)
    const [wounded] = outcomes(four, 'champion-wounded')
    expect(wounded?.values).toMatchObject({ unit: 'boyz', unsaved: 2, slain: true })
    expect(outcomes(four, 'casualties')).toHaveLength(0)
    expect(four.game.units.boyz?.models).toBe(4)
    expect(cites(four, 'variants', 'ranged-pick-out')).toBe(true)
    expect(cites(four, 'champion', 'ranged-protection')).toBe(true)
    expect(cites(four, 'champion', 'wounds-recorded')).toBe(true)
    expect(text(four)).toContain('only 4 rank and file besides the champion')
  })

  it('characters §ranged-protection: a joined character is picked out only below 5 rank and file, and saves on its own', () => {
    const led = game([corsairs()], [boyz({ command: {}, championProfile: undefined, characters: [boss()] })])
    expect(refusal(() => led.apply(shot({ at: 'boss' }))).message).toContain(
      'character protected: 6 rank and file in Orc Boyz (classic/characters §ranged-protection)',
    )
    const few = game([corsairs()], [boyz({ models: 3, command: {}, championProfile: undefined, characters: [boss()] })])
    few.apply(shot({ at: 'boss', models: 1 }))
    rollAll(few, 6)
    // S3 against the Boss's T5: 6+.
    expect(request(few)).toMatchObject({ purpose: 'to-wound', need: 6 })
    rollAll(few, 6)
    rollAll(few, 1)
    expect(outcomes(few, 'character-wounded')[0]?.values).toMatchObject({ character: 'boss', unsaved: 1 })
    expect(cites(few, 'characters', 'ranged-protection')).toBe(true)
    expect(cites(few, 'characters', 'slain-alone')).toBe(true)
  })

  it('characters §last-standing, champion §ranged-protection: with no rank and file left, the shot hits the one standing', () => {
    const g = game([corsairs()], [boyz({ models: 1 })])
    g.apply(shot({ models: 1 }))
    rollAll(g, 6)
    rollAll(g, 6)
    rollAll(g, 1)
    expect(outcomes(g, 'champion-wounded')[0]?.values).toMatchObject({ unit: 'boyz', unsaved: 1, slain: false })
    expect(cites(g, 'characters', 'last-standing')).toBe(true)
    const two = game([corsairs()], [boyz({ models: 1, characters: [boss()] })])
    const refused = refusal(() => two.apply(shot({ models: 1 })))
    expect(refused.code).toBe('rules/bad-model')
    expect(refused.message).toContain('name the model the shot is at (at: champion, boss)')
  })

  it('champion §attacked-separately, doombolt §hits: a magic missile falls on the rank and file, never the champion', () => {
    const g = new EngineGame(
      ev.created(),
      ev.mustered('p1', unitDef('lord', { name: 'Lord', character: true, models: 1, wizardLevel: 4 })),
      ev.mustered('p2', boyz({ models: 3 })),
      ev.turn(1, 'p1'),
      ev.phase('magic'),
    )
    g.apply({
      type: 'SpellCast',
      payload: {
        caster: 'lord',
        spell: 'doombolt',
        target: 'boyz',
        powerDice: 3,
        distance: 10,
        inArc: true,
        lineOfSight: true,
      },
      actor: 'p1',
    })
    g.roll([5, 4, 2])
    g.apply(ev.choice(g.openRequest(), '0'))
    expect(request(g)).toMatchObject({ purpose: 'spell-hits' })
    g.roll([6])
    // Six S5 hits on T4: 3+, all wound; light armour at S5 fails anyway.
    rollAll(g, 6)
    expect(g.game.requests).toEqual({})
    expect(outcomes(g, 'casualties')[0]?.values).toMatchObject({ removed: 2, modelsLeft: 1 })
    expect(g.game.units.boyz?.models).toBe(1)
    expect(g.game.units.boyz?.championWoundsLost ?? 0).toBe(0)
    expect(cites(g, 'champion', 'attacked-separately')).toBe(true)
    expect(cites(g, 'doombolt', 'hits')).toBe(true)
  })
})

describe('a hidden model (classic/concealed)', () => {
  const assassin = {
    id: 'assassin',
    name: 'Assassin',
    concealed: true,
    rules: ['concealed'],
    profile: profile({ WS: 9, Ld: 10, A: 3 }),
  }
  const warriors = (extra: UnitInput = {}) =>
    unitDef('warriors', {
      name: 'Dark Elf Warriors',
      models: 10,
      race: 'dark-elves',
      profile: { Ld: 8 },
      characters: [assassin],
      ...extra,
    })

  /** p1's turn 1 in `phase`; every offer to reveal the Assassin is answered: it stays hidden. */
  function hiddenGame(p1: ReturnType<typeof unitDef>[], p2: ReturnType<typeof unitDef>[], phase: string) {
    const g = new EngineGame(ev.created(), ev.mustered('p1', ...p1), ev.mustered('p2', ...p2), ev.turn(1, 'p1'))
    const stayHidden = () => {
      for (const open of Object.values(g.game.requests))
        if (open.purpose === 'reveal-concealed') g.apply(ev.choice(open.id, 'stay-hidden'))
    }
    stayHidden()
    g.apply(ev.phase(phase))
    stayHidden()
    return g
  }

  it('concealed §hidden, §unharmed: no shot picks it out, and the hits on its unit never reach it', () => {
    const g = game(
      [unitDef('crossbows', { name: 'Crossbows', gear: ['repeater-crossbow'] })],
      [warriors({ models: 3 })],
    )
    // (p2's Assassin is offered no reveal in p1's shooting phase.)
    const at = refusal(() => g.apply(shot({ shooter: 'crossbows', target: 'warriors', at: 'assassin', models: 1 })))
    expect(at.code).toBe('rules/bad-model')
    expect(at.message).toContain('classic/concealed §hidden, §unharmed')
    g.apply(shot({ shooter: 'crossbows', target: 'warriors', models: 10 }))
    rollAll(g, 6)
    rollAll(g, 6)
    expect(g.game.units.warriors).toMatchObject({ models: 0 })
    expect(g.game.units.warriors?.characters[0]).toMatchObject({ slain: false, woundsLost: 0 })
    expect(cites(g, 'concealed', 'unharmed')).toBe(true)
    // Not on the table, it does not keep its unit in the fight: the unit is destroyed, the Assassin lost with it.
    expect(hasModelsLeft(ctxOf(g).unit('warriors'))).toBe(false)
  })

  it('concealed §hidden: it does not fight, and no attack can be directed at it', () => {
    const g = hiddenGame([warriors()], [unitDef('boyz', { name: 'Orc Boyz', models: 10 })], 'close-combat')
    const seq = g.game.seq
    const joined = (contact: unknown[]) => ({
      type: 'CombatJoined',
      payload: {
        combat: 'c1',
        sides: [
          { player: 'p1', units: [{ unit: 'warriors' }] },
          { player: 'p2', units: [{ unit: 'boyz' }] },
        ],
        contact,
      },
    })
    const fights = refusal(() =>
      g.apply(
        joined([
          { unit: 'warriors', models: 5, characters: ['assassin'] },
          { unit: 'boyz', models: 5 },
        ]),
      ),
    )
    expect(fights.message).toContain('Assassin is hidden in Dark Elf Warriors')
    expect(fights.message).toContain('classic/concealed §hidden')
    const attacked = refusal(() =>
      g.apply(
        joined([
          { unit: 'warriors', models: 5 },
          { unit: 'boyz', models: 5, directed: [{ at: 'assassin', attacks: 2 }] },
        ]),
      ),
    )
    expect(attacked.message).toContain('classic/concealed §hidden')
    expect(g.game.seq).toBe(seq)
  })

  it('concealed §hidden, magic §cast: a hidden Wizard casts nothing', () => {
    const sorceress = { ...assassin, id: 'sorceress', name: 'Sorceress', wizardLevel: 2 }
    const g = hiddenGame([warriors({ characters: [sorceress] })], [unitDef('boyz')], 'magic')
    const cast = refusal(() =>
      g.apply({
        type: 'SpellCast',
        payload: { caster: 'sorceress', spell: 'doombolt', target: 'boyz', powerDice: 2, distance: 10, inArc: true },
        actor: 'p1',
      }),
    )
    expect(cast.code).toBe('rules/not-permitted')
    expect(cast.message).toContain('Sorceress is hidden in Dark Elf Warriors')
    expect(cast.message).toContain('classic/concealed §hidden')
  })

  it('concealed §hidden, unit-leadership §best: a hidden character lends its unit no Leadership', () => {
    const g = hiddenGame([warriors()], [unitDef('boyz')], 'movement')
    const ctx = ctxOf(g)
    const run = leadershipFor(ctx, ctx.unit('warriors'), 'panic')
    const done = run.next()
    expect(done.done).toBe(true)
    const ld = done.value as { value: number; explanation: Explanation }
    expect(ld.value).toBe(8)
    expect(citesIn(ld.explanation, 'concealed', 'hidden')).toBe(true)
    expect(citesIn(ld.explanation, 'variants', 'concealed-hidden')).toBe(true)
  })
})

describe('spells on shooting and charging (classic/shroud-of-darkness, chill-wind, dominion)', () => {
  /** The spell (or failed test) as an active effect on the unit, as its procedure would have started it. */
  const started = (g: EngineGame, entry: string, unit: string, params: Record<string, string> = {}) =>
    g.game.effects.push({
      id: `test-${entry}`,
      entry,
      unit,
      params,
      duration: { kind: 'end-of-turn' },
      startedAt: g.game.seq,
    })

  it("shroud-of-darkness §ward, shooting: the 5+ ward stands against a shot, not for a character's own view", () => {
    const g = game([corsairs()], [boyz({ models: 10, characters: [boss()] })])
    started(g, 'shroud-of-darkness', 'boyz')
    const ctx = ctxOf(g)
    const unit = ctx.unit('boyz')
    const vsShot = wardSaveNeed(ctx, unit, ctx.unit('corsairs'), null, 'shooting')
    expect(vsShot.value).toBe(5)
    expect(citesIn(vsShot.explanation, 'shroud-of-darkness', 'ward')).toBe(true)
    const bossView = characterView(unit, unit.characters[0]!)
    expect(wardSaveNeed(ctx, bossView, ctx.unit('corsairs'), null, 'shooting').value).toBeNull()
    // The shooting procedure asks for it: the ward roll follows the failed armour saves.
    g.apply(shot({ models: 1 }))
    rollAll(g, 6)
    rollAll(g, 6)
    rollAll(g, 1)
    expect(request(g)).toMatchObject({ purpose: 'ward-save', need: 5 })
    expect(cites(g, 'shroud-of-darkness', 'ward')).toBe(true)
  })

  it('chill-wind §ballistic-skill, to-hit-shooting §chart: a chilled unit shoots at BS 3', () => {
    const g = game([corsairs()], [boyz()])
    started(g, 'chill-wind', 'corsairs')
    g.apply(shot({ models: 1 }))
    expect(request(g)).toMatchObject({ purpose: 'to-hit', need: 4 })
    expect(cites(g, 'chill-wind', 'ballistic-skill')).toBe(true)
    expect(cites(g, 'to-hit-shooting', 'chart')).toBe(true)
  })

  it('dominion §no-shooting, §no-move: C refuses the shot, A the charge, naming the spell', () => {
    const shooting = game([corsairs()], [boyz()])
    started(shooting, 'dominion', 'corsairs', { effect: 'C' })
    const noShot = refusal(() => shooting.apply(shot()))
    expect(noShot.code).toBe('rules/not-permitted')
    expect(noShot.message).toContain('classic/dominion §no-shooting')
    const moving = game([corsairs()], [boyz()], 'movement')
    started(moving, 'dominion', 'corsairs', { effect: 'A' })
    const noCharge = refusal(() =>
      moving.apply({ type: 'ChargeDeclared', payload: { unit: 'corsairs', target: 'boyz', distance: 6 } }),
    )
    expect(noCharge.code).toBe('rules/cannot-charge')
    expect(noCharge.message).toContain('classic/dominion §no-move')
  })

  it('stupidity §effects: a failed Stupidity test forbids shooting through the permission point', () => {
    const g = new EngineGame(
      ev.created(),
      ev.mustered('p1', corsairs({ rules: ['stupidity'] })),
      ev.mustered('p2', boyz()),
      ev.turn(1, 'p1'),
    )
    expect(request(g)).toMatchObject({ purpose: 'stupidity-test' })
    g.roll([6, 6])
    g.apply(ev.phase('shooting'))
    const refused = refusal(() => g.apply(shot()))
    expect(refused.code).toBe('rules/not-permitted')
    expect(refused.message).toMatch(/classic\/stupidity §/)
    const moving = new EngineGame(
      ev.created(),
      ev.mustered('p1', corsairs({ rules: ['stupidity'] })),
      ev.mustered('p2', boyz()),
      ev.turn(1, 'p1'),
    )
    moving.roll([6, 6])
    moving.apply(ev.phase('movement'))
    const charge = refusal(() =>
      moving.apply({ type: 'ChargeDeclared', payload: { unit: 'corsairs', target: 'boyz', distance: 6 } }),
    )
    expect(charge.code).toBe('rules/cannot-charge')
    expect(charge.message).toMatch(/classic\/stupidity §/)
  })
})

describe('Terror and Fear (classic/terror, classic/fear)', () => {
  const monster = (rules: string[]) =>
    unitDef('monster', { name: 'Monster', models: 1, profile: { M: 6, Ld: 6 }, rules })
  const ghouls = (rules: string[]) => unitDef('ghouls', { name: 'Ghouls', models: 10, profile: { M: 4 }, rules })

  it('fear §immunities, terror §charged: a Fear causer charged by a Terror causer takes no Terror test', () => {
    const g = game([monster(['terror'])], [ghouls(['fear'])], 'movement')
    const declared = g.apply({ type: 'ChargeDeclared', payload: { unit: 'monster', target: 'ghouls', distance: 8 } })
    expect(declared.requests[0]).toMatchObject({ purpose: 'charge-response' })
    expect(outcomes(g, 'terror-test')).toHaveLength(0)
    expect(text(g)).toContain('Ghouls takes no Terror test: a Fear causer takes a Fear test instead of Terror')
    expect(cites(g, 'fear', 'immunities')).toBe(true)
  })

  it('terror §fear, fear §immunities: in close combat a Terror causer causes Fear, even in a Fear causer', () => {
    const g = game([monster(['terror'])], [ghouls(['fear']), unitDef('boyz', { name: 'Orc Boyz' })], 'movement')
    const ctx = ctxOf(g)
    const fear = fearFrom(ctx.modifiers, ctx.unit('ghouls'), [ctx.unit('monster')])
    expect(fear.causers.map((u) => u.id)).toEqual(['monster'])
    expect(fear.immune).toBeNull()
    const plain = fearFrom(ctx.modifiers, ctx.unit('boyz'), [ctx.unit('monster')])
    expect(plain.causers.map((u) => u.id)).toEqual(['monster'])
    const terrorFear = fear.records.find((r) => r.source.id === 'fear' && r.status === 'applied')
    expect(terrorFear).toBeDefined()
    // The Terror causer is not affected by the Fear causer.
    const back = fearFrom(ctx.modifiers, ctx.unit('monster'), [ctx.unit('ghouls')])
    expect(back.immune?.source).toMatchObject({ id: 'terror' })
  })
})

describe('Regeneration outside close combat (classic/regeneration)', () => {
  const trolls = (extra: UnitInput = {}) =>
    unitDef('boyz', {
      name: 'Trolls',
      models: 3,
      profile: { T: 4, W: 3 },
      rules: ['regeneration'],
      ...extra,
    })

  it('regeneration §outside-combat, §restored: a shot at a regenerating unit is regenerated right after the saves', () => {
    const g = game([corsairs()], [trolls()])
    g.apply(shot({ models: 4 }))
    rollAll(g, 6)
    rollAll(g, 6)
    // No armour: four unsaved wounds slay one Troll (W3) and wound the next; then 4 regeneration dice, 4+.
    expect(request(g)).toMatchObject({ purpose: 'regeneration', count: 4, need: 4 })
    g.roll([4, 5, 6, 1])
    expect(outcomes(g, 'regenerated')[0]?.values).toMatchObject({ rolled: 4, regenerated: 3, modelsLeft: 3 })
    expect(g.game.units.boyz).toMatchObject({ models: 3, woundsOnNextModel: 1 })
    expect(cites(g, 'regeneration', 'outside-combat')).toBe(true)
    expect(cites(g, 'regeneration', 'restored')).toBe(true)
  })

  it('soul-stealer §wound-gain, regeneration §roll: wounds regained by Regeneration still feed the caster', () => {
    const g = new EngineGame(
      ev.created(),
      ev.mustered(
        'p1',
        unitDef('lord', { name: 'Lord', character: true, models: 1, wizardLevel: 4, profile: { W: 3 } }),
      ),
      ev.mustered('p2', trolls({ profile: { T: 3, W: 3 } })),
      ev.turn(1, 'p1'),
      ev.phase('magic'),
    )
    g.apply({
      type: 'SpellCast',
      payload: {
        caster: 'lord',
        spell: 'soul-stealer',
        target: 'boyz',
        powerDice: 3,
        distance: 10,
        inArc: true,
        modelsUnderTemplate: 1,
      },
      actor: 'p1',
    })
    g.roll([5, 4, 2])
    g.apply(ev.choice(g.openRequest(), '0'))
    g.roll([6])
    expect(request(g)).toMatchObject({ purpose: 'regeneration', count: 1 })
    g.roll([6])
    expect(g.game.units.boyz).toMatchObject({ models: 3, woundsOnNextModel: 0 })
    const [gained] = outcomes(g, 'wounds-gained')
    expect(gained?.values).toMatchObject({ gained: 1, wounds: 4 })
    expect(renderExplanationText(gained!.explanation)).toContain('wounds regained by regeneration still count')
    expect(citesIn(gained!.explanation, 'soul-stealer', 'wound-gain')).toBe(true)
    expect(citesIn(gained!.explanation, 'regeneration', 'roll')).toBe(true)
  })
})

describe('Stand and Shoot answering a charge (classic/charge, classic/shooting, classic/handbows)', () => {
  const charged = (distance: number, response: string) => {
    const g = game([corsairs()], [boyz({ profile: { M: 5, T: 4 } })], 'movement', 'p2')
    g.apply({ type: 'ChargeDeclared', payload: { unit: 'boyz', target: 'corsairs', distance }, actor: 'p2' })
    g.apply(ev.choice(g.openRequest(), response))
    return g
  }
  const answer = (payload: Record<string, unknown> = {}) =>
    shot({ target: 'boyz', standAndShoot: true, charge: 6, models: 1, ...payload })

  it('shooting §stand-and-shoot, to-hit-shooting §stand-and-shoot: the shot answers the charge, at -1', () => {
    const g = charged(8, 'stand-and-shoot')
    g.apply(answer())
    // BS 4: 3+, stand and shoot -1: 4+.
    expect(request(g)).toMatchObject({ purpose: 'to-hit', need: 4 })
    expect(cites(g, 'shooting', 'stand-and-shoot')).toBe(true)
    expect(cites(g, 'to-hit-shooting', 'stand-and-shoot')).toBe(true)
  })

  it('shooting §stand-and-shoot: refused for a charge answered otherwise, or a seq that is no charge at the shooter', () => {
    const held = charged(8, 'hold')
    const hold = refusal(() => held.apply(answer()))
    expect(hold.message).toContain('with hold, not stand and shoot (classic/charge §stand-and-shoot)')
    const stood = charged(8, 'stand-and-shoot')
    expect(refusal(() => stood.apply(answer({ charge: 5 }))).message).toContain(
      'seq 5 is no charge by Orc Boyz at Corsairs this turn',
    )
    expect(stood.game.requests).toEqual({})
  })

  it('handbows §stand-and-shoot, charge §stand-and-shoot-close: Handbows stand and shoot within half the charge', () => {
    const g = charged(4, 'stand-and-shoot')
    expect(cites(g, 'handbows', 'stand-and-shoot')).toBe(true)
    g.apply(answer({ weapon: 'handbows', distance: 4, range: undefined }))
    expect(request(g)).toMatchObject({ purpose: 'to-hit', need: 4 })
    expect(cites(g, 'to-hit-shooting', 'stand-and-shoot')).toBe(true)
  })
})

describe("a unit's banner and rules and the characters who joined it (classic/variants §unit-rules-joined-characters)", () => {
  const moment: CombatMoment = { combat: 'c1', round: 1, charged: false, charging: false, facing: 'front' }
  const lord = { id: 'lord', name: 'Dreadlord', profile: profile({ A: 4 }) }

  it('hydra-banner §first-round: the Hydra Banner gives the Dark Elf character in its unit +1A too', () => {
    const g = game([corsairs({ gear: ['hand-weapon', 'hydra-banner'], characters: [lord] })], [boyz()], 'close-combat')
    const ctx = ctxOf(g)
    const unit = ctx.unit('corsairs')
    const view = characterView(unit, unit.characters[0]!)
    const a = characteristic(ctx, view, 'A', ctx.unit('boyz'), moment)
    expect(a.value).toBe(5)
    expect(citesIn(a.explanation, 'hydra-banner', 'first-round')).toBe(true)
    expect(characteristic(ctx, view, 'A', ctx.unit('boyz'), { ...moment, round: 2 }).value).toBe(4)
  })

  it("hatred §re-roll: a unit's Hatred covers its own models, not a character who joined it without it", () => {
    const g = game(
      [corsairs({ rules: ['hatred'], characters: [lord, { ...lord, id: 'hater', name: 'Hater', rules: ['hatred'] }] })],
      [boyz()],
      'close-combat',
    )
    const ctx = ctxOf(g)
    const unit = ctx.unit('corsairs')
    const reroll = (subject: typeof unit) =>
      ctx
        .modifiers('re-roll', { subject, opponent: ctx.unit('boyz'), combat: moment, roll: 'to-hit' })
        .filter((r) => r.status === 'applied' && r.source.id === 'hatred')
    expect(reroll(unit)).toHaveLength(1)
    expect(reroll(unit)[0]?.source).toMatchObject({ ruleset: 'classic', id: 'hatred', clause: 're-roll' })
    expect(reroll(characterView(unit, unit.characters[0]!))).toHaveLength(0)
    expect(reroll(characterView(unit, unit.characters[1]!))).toHaveLength(1)
  })
})
