import { describe, expect, it } from 'vitest'
import {
  chargedCombats,
  type DeclarationForm,
  declarationForm,
  declarations,
  type FormContext,
  formPayload,
  type LocalGameApi,
  replaySteps,
  type StepView,
} from '../../core/api/index.js'
import type { GameState } from '../../core/engine/types.js'
import { eventSchemas } from '../../core/events/index.js'
import { rulesets } from '../../core/rules/index.js'
import { openApi } from '../helpers/api-game.js'
import { unitDef } from '../helpers/classic-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

const names = (form: DeclarationForm) => form.fields.map((field) => field.name)
const field = (form: DeclarationForm, name: string) => {
  const found = form.fields.find((each) => each.name === name)
  if (!found) throw new Error(`${form.type} asks no ${name}: ${names(form).join(', ')}`)
  return found
}
const labels = (form: DeclarationForm, name: string) => field(form, name).options?.map((option) => option.label)

/** A game through the api: two armies, then `events` (each open request answered by `answers` in turn). */
async function game(
  ruleset: 'classic' | 'old-world',
  armies: { p1: unknown[]; p2: unknown[] },
  events: { type: string; actor?: string; payload: unknown }[],
  answers: (string | number[])[] = [],
): Promise<{ api: LocalGameApi; context: (actor?: string) => FormContext }> {
  const api = await openApi(tempDir())
  const { gameId } = await api.createGame({
    ruleset,
    players: [
      { id: 'p1', name: 'Empire' },
      { id: 'p2', name: 'Chaos' },
    ],
    actor: 'p1',
  })
  for (const player of ['p1', 'p2'] as const)
    await api.append(gameId, { type: 'ArmyMustered', actor: player, payload: { player, units: armies[player] } })
  const queue = [...answers]
  for (const event of events) {
    await api.append(gameId, { actor: 'p1', ...event })
    for (
      let open = (await api.openGame(gameId)).openRequests[0];
      open;
      open = (await api.openGame(gameId)).openRequests[0]
    ) {
      const answer = queue.shift()
      if (answer === undefined) throw new Error(`no answer for ${open.id}: ${open.text}`)
      await api.append(
        gameId,
        open.kind === 'dice'
          ? {
              type: 'DiceRolled',
              actor: open.roller,
              payload: { requestId: open.id, faces: answer, source: 'physical' },
            }
          : { type: 'ChoiceMade', actor: open.chooser, payload: { requestId: open.id, option: answer } },
      )
    }
  }
  const steps: StepView[] = []
  const replay = replaySteps(api, gameId)
  let head: GameState | undefined
  for (;;) {
    const next = await replay.next()
    if (next.done) {
      head = next.value.state
      break
    }
    steps.push(next.value)
  }
  const state = head
  const catalogue = await api.catalogue(ruleset)
  const phases = (await api.rulesets()).find((each) => each.id === ruleset)?.phases ?? []
  return {
    api,
    context: (actor = state.activePlayer ?? 'p1') => ({
      ruleset: { id: ruleset, phases },
      state,
      catalogue,
      actor,
      steps,
    }),
  }
}

const turn = (phase: string, player = 'p1') => [
  { type: 'TurnStarted', payload: { turn: 1, player } },
  { type: 'PhaseStarted', payload: { phase } },
]

describe('the description of every declaration', () => {
  it('describes every field of every event schema, in its order, with a label and help', () => {
    for (const [type, { schema }] of Object.entries(eventSchemas)) {
      const described = declarations[type as keyof typeof declarations]
      expect(described.fields.map((f) => f.name)).toEqual(Object.keys(schema.shape))
      for (const f of described.fields) {
        expect(f.label.length, `${type}.${f.name}`).toBeGreaterThan(0)
        expect(f.help.length, `${type}.${f.name}`).toBeGreaterThan(0)
      }
    }
  })

  it('takes required-ness, defaults, bounds and enum values from the schema', () => {
    const charge = declarations.ChargeDeclared.fields
    expect(charge.find((f) => f.name === 'distance')).toMatchObject({
      required: true,
      unit: 'inches',
      min: 0,
      max: 200,
    })
    expect(charge.find((f) => f.name === 'facing')).toMatchObject({ required: false, default: 'front' })
    expect(charge.find((f) => f.name === 'facing')?.choices?.map((c) => c.value)).toEqual(['front', 'flank', 'rear'])
    expect(charge.find((f) => f.name === 'terrain')?.rulesets).toEqual(['old-world'])
    const spell = declarations.SpellCast.fields
    expect(spell.find((f) => f.name === 'powerDice')?.rulesets).toEqual(['classic'])
    for (const name of ['spellName', 'spellType', 'castingValue', 'hits', 'strength'])
      expect(spell.find((f) => f.name === name)?.rulesets, name).toEqual(['old-world'])
  })

  it("names each ruleset's own cover, as its mechanics take it", () => {
    const cover = declarations.ShotDeclared.fields.find((f) => f.name === 'cover')?.choices ?? []
    for (const ruleset of Object.values(rulesets)) {
      const own = cover.filter((c) => c.value !== 'none' && (c.rulesets ?? []).includes(ruleset.id)).map((c) => c.value)
      expect(own, ruleset.id).toEqual([...(ruleset.mechanics as { cover: readonly string[] }).cover])
    }
  })

  it("offers PhaseStarted each ruleset's phases, The Old World's Combat phase by its name", async () => {
    const { context } = await game('old-world', { p1: [unitDef('a')], p2: [unitDef('b')] }, turn('strategy'))
    const form = declarationForm('PhaseStarted', context())
    expect(field(form, 'phase').options).toEqual([
      { value: 'strategy', label: 'Strategy' },
      { value: 'movement', label: 'Movement' },
      { value: 'shooting', label: 'Shooting' },
      { value: 'close-combat', label: 'Combat' },
    ])
    expect(field(form, 'phase').value).toBe('movement')
  })
})

describe('a form for every declaration a player records', () => {
  for (const ruleset of ['classic', 'old-world'] as const)
    it(`${ruleset}: every field can be filled in a form, every option is named, never an id`, async () => {
      const hero = {
        id: 'hero',
        name: 'Captain Aldred',
        profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8 },
        wizardLevel: 1,
      }
      const { context } = await game(
        ruleset,
        {
          p1: [
            unitDef('swordsmen', {
              name: 'Empire Swordsmen',
              command: { champion: true },
              formation: { files: 5 },
              characters: [hero],
            }),
          ],
          p2: [unitDef('warriors', { name: 'Chaos Warriors', formation: { files: 5 } })],
        },
        turn('movement'),
      )
      const ids = new Set(Object.keys(context().state.units))
      const recorded = Object.values(declarations).filter((d) => d.recordedBy === 'form')
      expect(recorded.map((d) => d.type)).toContain('PanicTestDeclared')
      for (const { type } of recorded) {
        const form = declarationForm(type, context())
        for (const f of form.fields) {
          expect(f.kind, `${type}.${f.name}`).not.toBe('other')
          if (f.shape !== 'value') expect(['units', 'sides', 'contact'], `${type}.${f.name}`).toContain(f.kind)
          for (const option of f.options ?? []) expect(ids.has(option.label), `${type}.${f.name}`).toBe(false)
        }
      }
    })
})

describe('the form a situation asks for', () => {
  const swordsmen = unitDef('swordsmen', { name: 'Empire Swordsmen', models: 15, formation: { files: 5 } })
  const crossbows = unitDef('crossbows', {
    name: 'Crossbowmen',
    gear: ['hand-weapon', 'repeater-crossbow'],
    rules: [],
  })
  const warriors = unitDef('warriors', { name: 'Chaos Warriors', models: 10, formation: { files: 5 } })
  const trolls = unitDef('trolls', { name: 'Chaos Trolls', models: 3, troopType: 'monstrous-infantry' })

  it('a classic charge: own units that may charge, enemies by name, inches, facing; no terrain', async () => {
    const { context } = await game('classic', { p1: [swordsmen, crossbows], p2: [warriors, trolls] }, turn('movement'))
    const form = declarationForm('ChargeDeclared', context())
    expect(names(form)).toEqual(['unit', 'target', 'distance', 'facing'])
    expect(labels(form, 'unit')).toEqual(['Empire Swordsmen', 'Crossbowmen'])
    expect(labels(form, 'target')).toEqual(['Chaos Warriors', 'Chaos Trolls'])
    expect(field(form, 'distance')).toMatchObject({ unit: 'inches', value: undefined })
    expect(field(form, 'facing').value).toBe('front')
    const filled = declarationForm('ChargeDeclared', context(), { target: 'trolls', distance: '7"', facing: 'flank' })
    expect(formPayload(filled)).toEqual({ unit: 'swordsmen', target: 'trolls', distance: 7, facing: 'flank' })
  })

  it('an Old World charge asks the terrain crossed too', async () => {
    const { context } = await game('old-world', { p1: [swordsmen], p2: [warriors] }, turn('movement'))
    expect(names(declarationForm('ChargeDeclared', context()))).toEqual([
      'unit',
      'target',
      'distance',
      'facing',
      'terrain',
    ])
  })

  it("a classic shot: shooters with missile weapons, the shooter's weapons by name, classic cover, a hill", async () => {
    const { context } = await game('classic', { p1: [swordsmen, crossbows], p2: [warriors] }, turn('shooting'))
    const form = declarationForm('ShotDeclared', context())
    expect(labels(form, 'shooter')).toEqual(['Crossbowmen'])
    expect(labels(form, 'weapon')).toEqual(['Repeater Crossbow'])
    expect(labels(form, 'cover')).toEqual(['No cover', 'Soft cover', 'Hard cover'])
    // A hill adds a rank in classic as in The Old World (classic/shooting §hill).
    expect(names(form)).toContain('hill')
    expect(names(form)).not.toContain('underTemplate')
    expect(names(form)).not.toContain('standAndShoot')
    expect(field(form, 'distance').unit).toBe('inches')
    expect(formPayload(declarationForm('ShotDeclared', context(), { distance: '12', models: '' }))).toEqual({
      shooter: 'crossbows',
      target: 'warriors',
      weapon: 'repeater-crossbow',
      distance: 12,
      moved: false,
      marched: false,
      cover: 'none',
      ...(names(form).includes('multipleShots') ? { multipleShots: false } : {}),
    })
  })

  it('an Old World shot: partial or full cover, and a hill', async () => {
    const bows = unitDef('bows', { name: 'Glade Guard', gear: ['hand-weapon', 'bow'] })
    const { context } = await game('old-world', { p1: [bows], p2: [warriors] }, turn('shooting'))
    const form = declarationForm('ShotDeclared', context())
    expect(labels(form, 'weapon')).toEqual(['Bow'])
    expect(labels(form, 'cover')).toEqual(['No cover', 'Partial cover', 'Full cover'])
    expect(names(form)).toContain('hill')
  })

  it('a classic spell: Wizards by name, the catalogue spells, power dice; an Old World one is entered from the lore', async () => {
    const wizard = unitDef('mage', { name: 'Battle Wizard', models: 1, character: true, wizardLevel: 2 })
    const classic = await game('classic', { p1: [swordsmen, wizard], p2: [warriors] }, turn('movement'))
    const form = declarationForm('SpellCast', classic.context())
    expect(labels(form, 'caster')).toEqual(['Battle Wizard'])
    expect(labels(form, 'spell')).toEqual(expect.arrayContaining(['Chill Wind', 'Doombolt', 'Soul Stealer']))
    expect(names(form)).toContain('powerDice')
    expect(names(form)).not.toContain('spellName')

    const oldWorld = await game('old-world', { p1: [swordsmen, wizard], p2: [warriors] }, turn('shooting'))
    const missile = declarationForm('SpellCast', oldWorld.context(), {
      spellName: 'Fiery Blast',
      spellType: 'magic-missile',
    })
    expect(names(missile)).toEqual([
      'caster',
      'target',
      'distance',
      'inArc',
      'lineOfSight',
      'spellName',
      'spellType',
      'castingValue',
      'hits',
      'strength',
    ])
    expect(
      formPayload(declarationForm('SpellCast', oldWorld.context(), { spellName: 'Fiery Blast', spellType: 'hex' })),
    ).toMatchObject({ spell: 'fiery-blast', spellName: 'Fiery Blast', spellType: 'hex', inArc: true })
    expect(names(declarationForm('SpellCast', oldWorld.context(), { spellType: 'hex' }))).not.toContain('hits')
  })

  it('a Panic test: the friend that caused it is one of the same side, destroyed or fleeing as the cause says', async () => {
    const { context } = await game('classic', { p1: [swordsmen, crossbows], p2: [warriors] }, turn('shooting'))
    const form = declarationForm('PanicTestDeclared', context(), { unit: 'swordsmen', cause: 'friend-destroyed' })
    expect(labels(form, 'cause')).toEqual([
      'A friend was destroyed within 6"',
      'A friend broke within 6"',
      'A friend fled through it',
    ])
    // Nobody is destroyed or fleeing yet.
    expect(labels(form, 'friend')).toEqual([])
  })

  it('an item: units carrying a one-use item, and the item by name', async () => {
    const potion = unitDef('hero', {
      name: 'Captain',
      models: 1,
      character: true,
      gear: ['hand-weapon', 'potion-of-strength'],
    })
    const { context } = await game('classic', { p1: [swordsmen, potion], p2: [warriors] }, turn('close-combat'))
    const form = declarationForm('ItemUsed', context())
    expect(labels(form, 'unit')).toEqual(['Captain'])
    expect(labels(form, 'item')).toEqual(['Potion of Strength'])
  })

  it('a move: fly only for a flyer, the enemies within 8" for a march, no distance for a reform', async () => {
    const { context } = await game('classic', { p1: [swordsmen], p2: [warriors, trolls] }, turn('movement'))
    expect(labels(declarationForm('MoveDeclared', context()), 'kind')).toEqual(['Normal move', 'March', 'Reform'])
    const march = declarationForm('MoveDeclared', context(), { kind: 'march' })
    expect(labels(march, 'enemiesWithin8')).toEqual(['Chaos Warriors', 'Chaos Trolls'])
    const reform = declarationForm('MoveDeclared', context(), { kind: 'reform' })
    expect(field(reform, 'distance')).toMatchObject({ settled: true, value: 0 })
    expect(formPayload(reform)).toEqual({ unit: 'swordsmen', kind: 'reform', distance: 0 })
  })

  it('a combat name becomes its id', async () => {
    const { context } = await game('classic', { p1: [swordsmen], p2: [warriors] }, turn('close-combat'))
    const form = declarationForm('CombatJoined', context(), { combat: 'The Bridge!' })
    expect(formPayload(form)).toMatchObject({ combat: 'the-bridge' })
  })
})

describe('a charge that reached leads to its combat', () => {
  const knights = unitDef('knights', { name: 'Chaos Knights', models: 5, profile: { M: 7 }, formation: { files: 5 } })
  const swordsmen = unitDef('swordsmen', { name: 'Empire Swordsmen', models: 15, formation: { files: 5 } })

  it('classic: the charger marked charged into the facing it declared', async () => {
    const { context } = await game(
      'classic',
      { p1: [swordsmen], p2: [knights] },
      [
        ...turn('movement', 'p2'),
        {
          type: 'ChargeDeclared',
          actor: 'p2',
          payload: { unit: 'knights', target: 'swordsmen', distance: 9, facing: 'flank' },
        },
        { type: 'PhaseStarted', actor: 'p2', payload: { phase: 'close-combat' } },
      ],
      ['hold'],
    )
    const [combat, ...more] = chargedCombats(context('p2'))
    expect(more).toEqual([])
    expect(combat?.title).toBe('Chaos Knights charged Empire Swordsmen')
    expect(combat?.payload).toEqual({
      combat: 'charge-6',
      sides: [
        { player: 'p1', units: [{ unit: 'swordsmen', charged: false, facing: 'front' }] },
        { player: 'p2', units: [{ unit: 'knights', charged: true, facing: 'flank' }] },
      ],
      contact: [
        { unit: 'knights', models: 5 },
        { unit: 'swordsmen', models: 5 },
      ],
    })
  })

  it('a charge that falls short leads to no combat', async () => {
    const { context } = await game(
      'old-world',
      { p1: [swordsmen], p2: [knights] },
      [
        ...turn('movement', 'p2'),
        { type: 'ChargeDeclared', actor: 'p2', payload: { unit: 'knights', target: 'swordsmen', distance: 12 } },
      ],
      // M 7 + the higher die 3 = 10" against 12": short.
      ['hold', [2, 3]],
    )
    expect(chargedCombats(context('p2'))).toEqual([])
  })

  it('The Old World: the whole inches the charger moved, as the charge result recorded them', async () => {
    const { context } = await game(
      'old-world',
      { p1: [swordsmen], p2: [knights] },
      [
        ...turn('movement', 'p2'),
        { type: 'ChargeDeclared', actor: 'p2', payload: { unit: 'knights', target: 'swordsmen', distance: 8.5 } },
      ],
      ['hold', [5, 2]],
    )
    const [combat] = chargedCombats(context('p2'))
    expect(combat?.payload.sides.find((side) => side.player === 'p2')?.units).toEqual([
      { unit: 'knights', charged: true, facing: 'front', moved: 8 },
    ])
  })
})
