import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ArbiterError, type ErrorData } from '../../core/events/errors.js'
import type { UnitDefinitionInput } from '../../core/events/event-types.js'
import { type ImportContext, type ImportedList, importList, type LibraryUnit } from '../../core/lists/index.js'
import { exportOwb, importOwb, owbListsIn } from '../../core/lists/owb.js'
import { findEntry, readEntryParams, readRuleWords, splitRuleList } from '../../core/lists/rule-words.js'
import { rulesets } from '../../core/rules/index.js'
import { openApi } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()
const oldWorld = rulesets['old-world']!
const fixture = readFileSync(new URL('../fixtures/lists/wood-elves.owb.json', import.meta.url))
const context: ImportContext = { ruleset: oldWorld, fileHash: 'f'.repeat(64) }

const bytesOf = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value))
const importJson = (value: unknown, name = 'list.owb.json', extra: Partial<ImportContext> = {}) =>
  importOwb({ name, bytes: bytesOf(value) }, { ...context, ...extra })
const woodElves = () => importOwb({ name: 'wood-elves.owb.json', bytes: fixture }, context)
const unitOf = (list: ImportedList, id: string) => {
  const unit = list.units.find((each) => each.id === id)
  if (!unit) throw new Error(`no unit ${id} in ${list.units.map((each) => each.id).join(', ')}`)
  return unit
}
const rowsOf = (list: ImportedList, unit: string) => list.rows.filter((row) => row.unit === unit)
const rowFor = (list: ImportedList, unit: string, text: string) => {
  const row = rowsOf(list, unit).find((each) => each.text === text)
  if (!row) throw new Error(`no row "${text}" for ${unit}`)
  return row
}

function refusal(run: () => unknown): ErrorData {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ArbiterError)
    return (error as ArbiterError).toData()
  }
  throw new Error('expected a refusal')
}

/** The smallest unit Old World Builder writes: what an importer may not take for granted is left out. */
const bareUnit = (name: string, values: Record<string, unknown> = {}) => ({ name_en: name, points: 10, ...values })
const bareList = (values: Record<string, unknown> = {}) => ({
  name: 'Test list',
  game: 'the-old-world',
  points: 500,
  army: 'wood-elf-realms',
  characters: [],
  core: [],
  ...values,
})

describe('an Old World Builder Wood Elf list (written by hand in the builder’s shape)', () => {
  it('reads every section into units, with ids and names of their own and the army’s total worked out', () => {
    const list = woodElves()
    expect(list.format).toBe('owb')
    expect(list.fileHash).toBe('f'.repeat(64))
    expect(list.ruleset).toBe('old-world')
    // 170 + (150 + 30 Hagbane + 18 command) + (100 + 10 shields) + 112 + (215 + 15 Forest Spite): the file has no total.
    expect(list.army).toEqual({ name: 'Athel Loren Patrol', faction: 'Wood Elf Realms', points: 820 })
    expect(list.units.map((unit) => [unit.id, unit.name, unit.models, unit.points])).toEqual([
      ['spellweaver', 'Naieth the Seer', 1, 170],
      ['glade-guard', 'Glade Guard', 15, 198],
      ['glade-guard-2', 'Glade Guard 2', 10, 110],
      ['wardancers', 'Wardancers', 8, 112],
      ['treeman', 'Treeman', 1, 230],
    ])
    expect(rowFor(list, 'glade-guard-2', 'Glade Guard')).toMatchObject({
      status: 'assumed',
      note: expect.stringMatching(/Glade Guard 2/),
    })
  })

  it('maps the Treeman onto the catalogue: its ready profile, troop type and parameterised rules', () => {
    const list = woodElves()
    const treeman = unitOf(list, 'treeman')
    const ready = oldWorld.troops!.find((troop) => troop.id === 'treeman')!
    expect(treeman.profile).toEqual(ready.unit.profile)
    expect(treeman.troopType).toBe('behemoth')
    expect(list.profiles.treeman).toBe('catalogue')
    expect(treeman.rules).toEqual([
      'armour-bane',
      'close-order',
      'flammable',
      'immune-to-psychology',
      'large-target',
      'magical-attacks',
      'move-through-cover',
      { id: 'regeneration', params: { save: 5 } },
      { id: 'stomp-attacks', params: { X: 'D3+1' } },
      'stubborn',
      'terror',
      'timber',
      'tree-spirit',
      'tree-whack',
      { id: 'hatred', params: { enemies: 'dwarfs' } },
    ])
    expect(treeman.gear).toEqual(['full-plate-armour'])
    expect(rowFor(list, 'treeman', 'Regeneration (5+)')).toMatchObject({
      kind: 'rule',
      status: 'mapped',
      mappedTo: 'rule regeneration {save: 5}',
    })
    expect(rowFor(list, 'treeman', 'Armour Bane (1)').mappedTo).toBe('rule armour-bane {X: 1}')
    expect(rowFor(list, 'treeman', 'Timmm-berrr!').mappedTo).toBe('rule timber (Timber!)')
    // The army book calls its full plate "Arboreal armour": the name is not taken for a value.
    expect(rowFor(list, 'treeman', 'Full plate armour (Arboreal armour)')).toMatchObject({
      status: 'assumed',
      mappedTo: 'gear full-plate-armour',
    })
  })

  it('says plainly what it could not map, with the text the file had: footnote marks and tags are not names', () => {
    const list = woodElves()
    expect(rowFor(list, 'treeman', 'Aquatic**')).toMatchObject({
      status: 'not-mapped',
      note: 'The Old World\'s catalogue has no "Aquatic"',
      path: 'Rare > Treeman > Special rules',
    })
    expect(rowFor(list, 'treeman', 'Cold Blooded {renegade}')).toMatchObject({ status: 'not-mapped' })
    expect(rowFor(list, 'glade-guard', 'Asrai longbows')).toMatchObject({ kind: 'option', status: 'not-mapped' })
    expect(rowFor(list, 'glade-guard', 'Hagbane Tips')).toMatchObject({ path: 'Core > Glade Guard > Options' })
    expect(rowFor(list, 'treeman', 'Dwellers Below')).toMatchObject({
      kind: 'item',
      status: 'not-mapped',
      path: 'Rare > Treeman > Forest Spites (forest-spite)',
    })
    // Every rule of the Treeman's string has its row: nothing is dropped.
    const ruleRows = rowsOf(list, 'treeman').filter((row) => row.kind === 'rule')
    expect(ruleRows).toHaveLength(17)
  })

  it('keeps the gear the builder carries by default beside a chosen weapon', () => {
    const lord = bareUnit('Glade Lord', {
      equipment: [
        { name_en: 'Hand weapon', points: 0, perModel: true, equippedDefault: true },
        { name_en: 'Great weapon', points: 4, perModel: true, active: true },
        { name_en: 'Additional hand weapon', points: 3, perModel: true },
      ],
    })
    const list = importJson(bareList({ characters: [lord] }))
    expect(unitOf(list, 'glade-lord')).toMatchObject({ gear: ['hand-weapon', 'great-weapon'], points: 14 })
  })

  it('takes only chosen options, the command group by its names, and plural gear names', () => {
    const list = woodElves()
    const guard = unitOf(list, 'glade-guard')
    expect(guard.command).toEqual({ champion: true, standard: true, musician: true })
    expect(guard.gear).toEqual(['hand-weapon'])
    expect(rowFor(list, 'glade-guard', "Lord's Bowmen")).toMatchObject({
      kind: 'command',
      status: 'assumed',
      mappedTo: 'command group: champion',
    })
    // The second unit's command models are offered, not chosen; Moonfire Shot and Fire & Flee are not chosen either.
    expect(unitOf(list, 'glade-guard-2').command).toBeUndefined()
    expect(unitOf(list, 'glade-guard-2').gear).toEqual(['hand-weapon', 'shield'])
    expect(list.rows.some((row) => row.text === 'Moonfire Shot' || row.text === 'Fire & Flee')).toBe(false)
    expect(unitOf(list, 'wardancers').gear).toEqual(['hand-weapon', 'additional-hand-weapon'])
  })

  it('reads the character: its own name, Wizard level, general, magic item with its type and lore', () => {
    const list = woodElves()
    const seer = unitOf(list, 'spellweaver')
    expect(seer).toMatchObject({ character: true, wizardLevel: 3, general: true, models: 1, gear: ['hand-weapon'] })
    expect(seer.mount).toBeUndefined()
    expect(rowFor(list, 'spellweaver', 'Naieth the Seer (Spellweaver)')).toMatchObject({ kind: 'character' })
    expect(rowFor(list, 'spellweaver', 'Level 3 Wizard')).toMatchObject({ mappedTo: 'wizard level 3' })
    expect(rowFor(list, 'spellweaver', 'Wand of Wych Elm')).toMatchObject({
      kind: 'item',
      path: 'Characters > Naieth the Seer > Magic Items (arcane-item)',
      status: 'not-mapped',
    })
    expect(rowFor(list, 'spellweaver', 'lore-of-the-wilds')).toMatchObject({ kind: 'lore', status: 'not-mapped' })
  })

  it('asks for what only the player knows: a stat line and a troop type no catalogue or library unit gives', () => {
    const list = woodElves()
    expect(list.profiles).toEqual({
      spellweaver: 'player',
      'glade-guard': 'player',
      'glade-guard-2': 'player',
      wardancers: 'player',
      treeman: 'catalogue',
    })
    expect(list.needs.filter((need) => need.what === 'profile').map((need) => need.unit)).toEqual([
      'spellweaver',
      'glade-guard',
      'glade-guard-2',
      'wardancers',
    ])
    expect(list.needs.some((need) => need.unit === 'treeman')).toBe(false)
  })

  it('takes a profile from the unit library when it holds the unit', () => {
    const kept: LibraryUnit = {
      source: 'typed by a player',
      unit: {
        id: 'glade-guard',
        name: 'Glade Guard',
        troopType: 'infantry',
        models: 10,
        profile: { M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 5, A: 1, Ld: 8 },
      },
    }
    const asked: [string | null, string][] = []
    const libraryUnit = (faction: string | null, name: string) => {
      asked.push([faction, name])
      return name === 'Glade Guard' ? kept : undefined
    }
    const list = importOwb({ name: 'wood-elves.owb.json', bytes: fixture }, { ...context, libraryUnit })
    expect(unitOf(list, 'glade-guard').profile).toEqual(kept.unit.profile)
    expect(list.profiles['glade-guard']).toBe('library')
    expect(list.needs.some((need) => need.unit === 'glade-guard')).toBe(false)
    expect(asked).toContainEqual(['Wood Elf Realms', 'Glade Guard'])
  })

  it('gives an army a muster takes as it is (placeholders stand in for the profiles still needed)', async () => {
    const api = await openApi(tempDir())
    const { gameId } = await api.createGame({
      ruleset: 'old-world',
      players: [
        { id: 'p1', name: 'Anna' },
        { id: 'p2', name: 'Ben' },
      ],
      actor: 'p1',
    })
    const units = woodElves().units
    await api.append(gameId, { type: 'ArmyMustered', actor: 'p1', payload: { player: 'p1', units } })
    await api.close()
  })

  it('is importList’s pick for .owb.json, deterministic, and reads any order of a unit’s rules', () => {
    const list = importList({ name: 'Wood-Elves.OWB.JSON', bytes: fixture }, context)
    expect(list).toEqual({ ...woodElves(), fileName: 'Wood-Elves.OWB.JSON' })
    const shuffled = JSON.parse(new TextDecoder().decode(fixture))
    const rules = shuffled.rare[0].specialRules
    rules.name_en = splitRuleList(rules.name_en).reverse().join(', ')
    const again = unitOf(importJson(shuffled), 'treeman').rules ?? []
    expect(new Set(again.map((rule) => JSON.stringify(rule)))).toEqual(
      new Set((unitOf(woodElves(), 'treeman').rules ?? []).map((rule) => JSON.stringify(rule))),
    )
  })
})

describe('rules as list builders write them', () => {
  it('splits a list at commas outside brackets, and takes each rule apart', () => {
    expect(splitRuleList('Hatred (Dwarfs, Orcs), Terror,  , Fly (8)')).toEqual([
      'Hatred (Dwarfs, Orcs)',
      'Terror',
      'Fly (8)',
    ])
    expect(readRuleWords('Armour Bane (1 - Chompa only)')).toEqual({
      text: 'Armour Bane (1 - Chompa only)',
      name: 'Armour Bane',
      value: '1',
      qualifier: 'Chompa only',
      tags: [],
    })
    expect(readRuleWords('Lore of Lustria {renegade}')).toMatchObject({ name: 'Lore of Lustria', tags: ['renegade'] })
    expect(readRuleWords('Aquatic**')).toMatchObject({ name: 'Aquatic', value: null })
  })

  it('reads each parameter by its kind, and says what it assumed', () => {
    const params = (text: string) => {
      const words = readRuleWords(text)
      const found = findEntry(oldWorld, words.name)
      if (!found) throw new Error(`no entry for ${text}`)
      return { id: found.entry.id, ...readEntryParams(found.entry, words) }
    }
    expect(params('Regeneration (6+)')).toMatchObject({ id: 'regeneration', params: { save: 6 }, assumed: null })
    expect(params('Stomp Attacks (D3+1)')).toMatchObject({ params: { X: 'D3+1' }, assumed: null })
    expect(params('Stomp Attacks (2)')).toMatchObject({ params: { X: 2 } })
    expect(params('Hatred (all enemies)')).toMatchObject({ params: {}, read: { enemies: 'all' }, assumed: null })
    expect(params('Hatred (Warriors of Chaos + Beastmen Brayherds)')).toMatchObject({
      params: { enemies: 'warriors-of-chaos,beastmen-brayherds' },
    })
    expect(params('Armour Bane (1 - Chompa only)').assumed).toMatch(/Chompa only/)
    expect(params('Strike First (Orion)')).toMatchObject({ params: {}, assumed: expect.stringMatching(/Orion/) })
    expect(params('Regeneration').assumed).toMatch(/default \(4\+\) is kept/)
    expect(params('Regeneration (often)').assumed).toMatch(/default is kept/)
    expect(params('Great weapons').id).toBe('great-weapon')
  })
})

describe('a file Arbiter does not trust', () => {
  it('refuses what is not JSON, or not an Old World Builder list, naming what is wrong', () => {
    expect(refusal(() => importJson('{ "name": "half a list", '))).toMatchObject({
      code: 'list/bad-file',
      message: expect.stringMatching(/^list\.owb\.json: not JSON/),
    })
    expect(
      refusal(() => importOwb({ name: 'x.owb.json', bytes: new Uint8Array([0xff, 0xfe, 0x00]) }, context)),
    ).toMatchObject({ code: 'list/bad-file', message: expect.stringMatching(/not text/) })
    // A New Recruit roster is JSON too, but no Old World Builder list.
    expect(refusal(() => importJson({ roster: { forces: [] } }))).toMatchObject({
      code: 'list/bad-file',
      message: expect.stringMatching(/has no army and no unit sections/),
    })
    expect(refusal(() => importJson('"a list"')).code).toBe('list/bad-file')
  })

  it('names the field that is wrong, and imports nothing', () => {
    expect(refusal(() => importJson(bareList({ core: [bareUnit('Glade Guard'), { points: 10 }] })))).toMatchObject({
      code: 'list/bad-file',
      message: expect.stringMatching(/core\[1\]\.name_en must be a name/),
      field: { path: ['core', 1, 'name_en'] },
    })
    expect(
      refusal(() => importJson(bareList({ core: [bareUnit('Glade Guard', { strength: 'lots' })] }))),
    ).toMatchObject({
      field: { path: ['core', 0, 'strength'] },
    })
    expect(refusal(() => importJson(bareList({ core: 'Glade Guard' }))).field).toEqual({ path: ['core'] })
    expect(
      refusal(() =>
        importJson(bareList({ core: [bareUnit('Glade Guard', { options: [{ name_en: 'Shield', points: 'x' }] })] })),
      ).field,
    ).toEqual({ path: ['core', 0, 'options', 0, 'points'] })
    expect(refusal(() => importJson(bareList({ core: [bareUnit('Horde', { strength: 5000 })] }))).message).toMatch(
      /at most 1000 models/,
    )
  })

  it('refuses a list no muster could take, and a file of lists with none', () => {
    const horde = Array.from({ length: 201 }, () => bareUnit('Glade Guard'))
    expect(refusal(() => importJson(bareList({ core: horde })))).toMatchObject({
      code: 'list/bad-file',
      message: expect.stringMatching(/holds 201 units; an army musters at most 200/),
    })
    expect(refusal(() => importJson([], 'none.owb.lists.json')).message).toMatch(/holds no list/)
  })

  it('reads the same list against the classic ruleset by that ruleset’s catalogue', () => {
    const list = importOwb({ name: 'wood-elves.owb.json', bytes: fixture }, { ...context, ruleset: rulesets.classic! })
    const treeman = unitOf(list, 'treeman')
    expect(treeman.rules).toContainEqual({ id: 'regeneration', params: { save: 5 } })
    expect(rowFor(list, 'treeman', 'Stomp Attacks (D3+1)')).toMatchObject({
      status: 'not-mapped',
      note: 'Classic fan edition\'s catalogue has no "Stomp Attacks"',
    })
    expect(list.profiles.treeman).toBe('player')
  })

  it('reads a unit with its optional fields missing as the builder does, and says what it lacks', () => {
    const list = importJson(bareList({ core: [{ name_en: 'Dryads', strength: 12 }, bareUnit('Glade Guard')] }))
    const dryads = unitOf(list, 'dryads')
    expect(dryads).toMatchObject({ models: 12, gear: [], rules: [] })
    expect(dryads.points).toBeUndefined()
    expect(rowFor(list, 'dryads', 'Dryads')).toMatchObject({
      status: 'assumed',
      note: expect.stringMatching(/no points/),
    })
    // A single model has no strength: one model; the army's total counts what is known.
    expect(unitOf(list, 'glade-guard')).toMatchObject({ models: 1, points: 10 })
    expect(list.army.points).toBe(10)
    expect(list.army.faction).toBe('Wood Elf Realms')
  })

  it('asks which list of an .owb.lists.json of several to import, and imports the one asked for', () => {
    const two = [bareList({ name: 'Patrol', core: [bareUnit('Glade Guard')] }), bareList({ name: 'Grand Host' })]
    expect(refusal(() => importJson(two, 'all.owb.lists.json'))).toMatchObject({
      code: 'list/choose-list',
      message: expect.stringMatching(/holds 2 lists \(1\. Patrol; 2\. Grand Host\)/),
    })
    expect(owbListsIn({ name: 'all.owb.lists.json', bytes: bytesOf(two) })).toEqual([
      { index: 0, name: 'Patrol', army: 'Wood Elf Realms', units: 1 },
      { index: 1, name: 'Grand Host', army: 'Wood Elf Realms', units: 0 },
    ])
    const second = importJson(two, 'all.owb.lists.json', { listIndex: 1 })
    expect(second).toMatchObject({ format: 'owb-lists', army: { name: 'Grand Host' }, units: [] })
    expect(refusal(() => importJson(two, 'all.owb.lists.json', { listIndex: 2 })).code).toBe('list/choose-list')
    const one = importList({ name: 'one.owb.lists.json', bytes: bytesOf([two[0]]) }, context)
    expect(one).toMatchObject({ format: 'owb-lists', army: { name: 'Patrol' }, units: [{ id: 'glade-guard' }] })
    // A bad list in a file of several is named by its place in the file.
    expect(refusal(() => importJson([bareList({ core: [{}] })], 'all.owb.lists.json')).field).toEqual({
      path: [0, 'core', 0, 'name_en'],
    })
  })

  it('reads an Army of Infamy’s rules for a unit over its army book’s', () => {
    const slann = bareUnit('Slann Mage-Priest', {
      specialRules: { name_en: 'Fly (8), Terror' },
      armyComposition: {
        'lm-renegade': { category: 'characters', specialRules: { name_en: 'Stubborn, Cold Blooded {renegade}' } },
      },
    })
    const list = importJson(bareList({ army: 'lizardmen', armyComposition: 'lm-renegade', characters: [slann] }))
    expect(unitOf(list, 'slann-mage-priest').rules).toEqual(['stubborn'])
    expect(rowFor(list, 'slann-mage-priest', 'Stubborn').path).toBe(
      'Characters > Slann Mage-Priest > Special rules (Lm Renegade)',
    )
  })

  it('reads a custom profile the file gives, and its troop type and mount', () => {
    const lord = bareUnit('Glade Lord', {
      mounts: [
        { name_en: 'On foot', points: 0 },
        { name_en: 'Elven Steed', points: 14, active: true },
      ],
      profile: {
        stats: [
          { Name: 'Glade Lord', M: '5', WS: '7', BS: '7', S: '4', T: '3', W: '3', I: '8', A: '4', Ld: '10' },
          { Name: 'Elven Steed', M: '9', WS: '3', BS: '-', S: '3', T: '3', W: '1', I: '4', A: '1', Ld: '5' },
        ],
        troopType: { name_en: 'Heavy cavalry' },
      },
    })
    const list = importJson(bareList({ characters: [lord] }))
    const unit = unitOf(list, 'glade-lord')
    expect(unit).toMatchObject({
      troopType: 'heavy-cavalry',
      profile: { M: 5, WS: 7, BS: 7, S: 4, T: 3, W: 3, I: 8, A: 4, Ld: 10 },
      mount: { name: 'Elven Steed', profile: { M: 9, BS: 0, Ld: 5 } },
      points: 24,
    })
    expect(list.profiles['glade-lord']).toBe('file')
    expect(list.needs).toEqual([])
    // Without its stat line the mount is asked for.
    const bare = importJson(bareList({ characters: [{ ...lord, profile: undefined }] }))
    expect(bare.needs.map((need) => need.what)).toEqual(['profile', 'troop-type', 'mount-profile'])
    expect(unitOf(bare, 'glade-lord').troopType).toBe('heavy-cavalry')
  })
})

describe('a mustered army out to Old World Builder and back', () => {
  const roundTrip = (units: readonly UnitDefinitionInput[]) => {
    const text = exportOwb({ name: 'Athel Loren Patrol', faction: 'Wood Elf Realms', units }, oldWorld)
    return { text, back: importOwb({ name: 'patrol.owb.json', bytes: bytesOf(text) }, context) }
  }

  it('writes the builder’s shape: game, army, sections, points per model, strength, active choices, a rules string', () => {
    const { text } = roundTrip(woodElves().units)
    const file = JSON.parse(text)
    expect(file).toMatchObject({
      name: 'Athel Loren Patrol',
      game: 'the-old-world',
      army: 'wood-elf-realms',
      points: 820,
    })
    expect(file.characters.map((unit: { name_en: string }) => unit.name_en)).toEqual(['Naieth the Seer'])
    const treeman = file.core.find((unit: { name_en: string }) => unit.name_en === 'Treeman')
    expect(treeman.strength).toBeUndefined()
    expect(treeman.points).toBe(230)
    expect(treeman.specialRules.name_en).toContain('Regeneration (5+), Stomp Attacks (D3+1)')
    expect(treeman.specialRules.name_en).toContain('Hatred (dwarfs)')
    expect(treeman.armor).toEqual([{ name_en: 'Full plate armour', points: 0, active: true }])
    const guard = file.core.find((unit: { name_en: string }) => unit.name_en === 'Glade Guard')
    expect(guard).toMatchObject({ strength: 15, points: 198 / 15 })
    expect(guard.command.map((model: { name_en: string; active: boolean }) => [model.name_en, model.active])).toEqual([
      ['Champion', true],
      ['Standard bearer', true],
      ['Musician', true],
    ])
  })

  it('imports again as the same army: units, models, points, rules with their parameters, gear and profiles', () => {
    const first = woodElves()
    const { back } = roundTrip(first.units)
    expect(back.units).toEqual(first.units)
    expect(back.army.points).toBe(first.army.points)
    expect(Object.values(back.profiles).every((source) => source === 'file')).toBe(true)
    expect(back.needs).toEqual([])
  })

  it('keeps a mount, a champion’s profile, a Wizard level and gear values through the round trip', () => {
    const units: UnitDefinitionInput[] = [
      {
        id: 'wild-riders',
        name: 'Wild Riders',
        troopType: 'heavy-cavalry',
        race: 'wood-elf-realms',
        models: 5,
        profile: { M: 5, WS: 5, BS: 4, S: 4, T: 3, W: 1, I: 5, A: 1, Ld: 8 },
        gear: ['hand-weapon', 'spear', { id: 'light-armour', options: { save: 5 } }],
        rules: [{ id: 'hatred', params: { enemies: 'high-elves,dwarfs' } }, 'stubborn'],
        command: { champion: true, standard: false, musician: true },
        championProfile: { M: 5, WS: 5, BS: 4, S: 4, T: 3, W: 1, I: 5, A: 2, Ld: 8 },
        mount: {
          name: 'Elven Steed',
          profile: { M: 9, WS: 3, BS: 0, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 5 },
          gear: [],
          rules: ['fear'],
        },
        points: 145,
      },
      {
        id: 'spellsinger',
        name: 'Spellsinger',
        troopType: 'infantry',
        race: 'wood-elf-realms',
        models: 1,
        profile: { M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 5, A: 1, Ld: 8 },
        gear: ['hand-weapon'],
        rules: [],
        character: true,
        wizardLevel: 2,
        general: true,
        points: 90,
      },
    ]
    const { back } = roundTrip(units)
    // The builder keeps its characters in a section of their own, first: the order is the only change.
    expect(back.units).toEqual([units[1], units[0]])
  })
})
