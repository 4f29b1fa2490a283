import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { definitionsOf } from '../../core/api/game-views.js'
import { prepareArmy } from '../../core/api/muster-input.js'
import { ArbiterError } from '../../core/events/errors.js'
import type { UnitDefinitionInput } from '../../core/events/event-types.js'
import { importBattleScribe } from '../../core/lists/battlescribe.js'
import { type ImportContext, type ImportedList, importList, MAX_LIST_BYTES } from '../../core/lists/index.js'
import { importNewRecruit } from '../../core/lists/new-recruit.js'
import { readRuleWords } from '../../core/lists/rule-words.js'
import { classic } from '../../core/rules/classic/index.js'
import { oldWorld } from '../../core/rules/old-world/index.js'

const fixtures = join(__dirname, '..', 'fixtures', 'lists')
const fixture = (name: string) => new Uint8Array(readFileSync(join(fixtures, name)))
const context: ImportContext = { ruleset: classic, fileHash: 'a'.repeat(64) }
const text = (value: string) => new TextEncoder().encode(value)

function unitOf(list: ImportedList, id: string): UnitDefinitionInput {
  const unit = list.units.find((candidate) => candidate.id === id)
  if (!unit) throw new Error(`no unit ${id} among ${list.units.map((candidate) => candidate.id).join(', ')}`)
  return unit
}
const rowAt = (list: ImportedList, path: string) => {
  const row = list.rows.find((candidate) => candidate.path === path)
  if (!row) throw new Error(`no row at ${path}`)
  return row
}
/** The refusal a bad file gets: its code and message (a test fails if the import does not throw). */
function refusal(read: () => unknown): { code: string; message: string } {
  try {
    read()
  } catch (error) {
    expect(error).toBeInstanceOf(ArbiterError)
    return { code: (error as ArbiterError).code, message: (error as ArbiterError).message }
  }
  throw new Error('the file was imported, not refused')
}
/** The imported units are an army the muster takes as they are. */
const musters = (list: ImportedList) =>
  expect(() => prepareArmy(definitionsOf(classic), { player: 'p1', units: list.units })).not.toThrow()

describe('New Recruit roster (JSON): Dark Elves', () => {
  const list = importNewRecruit({ name: 'Dark Elves.json', bytes: fixture('dark-elves.newrecruit.json') }, context)

  it('reads the army: its name, its faction from catalogueName, points summed over every subtree', () => {
    expect(list.format).toBe('new-recruit')
    expect(list.fileHash).toBe('a'.repeat(64))
    expect(list.army).toEqual({ name: 'Naggaroth Raiders', faction: 'Dark Elves', points: 897 })
    expect(list.units.map((unit) => unit.id)).toEqual([
      'dreadlord',
      'sorceress',
      'har-ganeth-spears',
      'corsairs',
      'war-hydra',
      'executioners',
    ])
    musters(list)
  })

  it('a character on a Cold One: its own stat line, the mount with its own profile and rules, gear and a magic item', () => {
    const dreadlord = unitOf(list, 'dreadlord')
    expect(dreadlord).toMatchObject({
      character: true,
      general: true,
      models: 1,
      race: 'dark-elves',
      points: 168,
      profile: { M: 5, WS: 7, BS: 6, S: 4, T: 3, W: 3, I: 8, A: 4, Ld: 10 },
      gear: ['hand-weapon', 'heavy-armour', 'shield', 'crown-of-black-iron'],
      rules: [{ id: 'hatred', params: { enemies: 'high-elves' } }],
    })
    expect(dreadlord.mount).toEqual({
      name: 'Cold One',
      profile: { M: 7, WS: 3, BS: 0, S: 4, T: 4, W: 1, I: 3, A: 1, Ld: 3 },
      gear: [],
      rules: ['fear', 'stupidity', 'thick-skinned', { id: 'scaly-skin', params: { save: 6 } }],
    })
    expect(rowAt(list, 'Grand Army > Dreadlord > Crown of Black Iron')).toMatchObject({
      kind: 'item',
      status: 'mapped',
    })
    expect(rowAt(list, 'Grand Army > Dreadlord > Cold One')).toMatchObject({ kind: 'mount', status: 'mapped' })
    // The file does not say the troop type: assumed, and asked of the player.
    expect(dreadlord.troopType).toBe('cavalry')
    expect(list.needs).toContainEqual(expect.objectContaining({ unit: 'dreadlord', what: 'troop-type' }))
  })

  it('rules keep their publication and page as citation anchors, parameters read', () => {
    expect(rowAt(list, 'Grand Army > Dreadlord > Hatred (High Elves)')).toMatchObject({
      kind: 'rule',
      status: 'mapped',
      mappedTo: 'hatred {enemies: high-elves}',
      anchor: 'Dark Elves army book, p. 24',
      unit: 'dreadlord',
    })
    expect(rowAt(list, 'Grand Army > War Hydra > War Hydra > Regeneration (5+)')).toMatchObject({
      status: 'mapped',
      mappedTo: 'regeneration {save: 5}',
      anchor: 'Dark Elves army book, p. 60',
    })
  })

  it('a unit with options: models counted from the nested selections, the command group, plural gear assumed', () => {
    const warriors = unitOf(list, 'har-ganeth-spears')
    expect(warriors).toMatchObject({
      name: 'Har Ganeth Spears',
      troopType: 'infantry',
      models: 15,
      points: 165,
      command: { champion: true, standard: true, musician: true },
      championProfile: { M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 5, A: 2, Ld: 8 },
      gear: ['hand-weapon', 'spear', 'light-armour', 'shield', 'war-banner'],
      rules: ['eternal-hatred'],
    })
    expect(rowAt(list, 'Grand Army > Har Ganeth Spears > Warrior > Spears')).toMatchObject({
      status: 'assumed',
      mappedTo: 'spear',
      note: 'read "Spears" as Spear',
    })
    expect(rowAt(list, 'Grand Army > Har Ganeth Spears > Warrior > Murderous Prowess')).toMatchObject({
      status: 'not-mapped',
      text: 'Murderous Prowess',
      anchor: 'Dark Elves army book, p. 40',
    })
    expect(rowAt(list, 'Grand Army > Corsairs > Corsair > Repeater handbow')).toMatchObject({ status: 'not-mapped' })
    expect(unitOf(list, 'corsairs')).toMatchObject({ models: 10, points: 134, command: { champion: true } })
  })

  it('a monster with crew: the monster mapped with its troop type, the crew reported, not dropped', () => {
    const hydra = unitOf(list, 'war-hydra')
    expect(hydra).toMatchObject({ troopType: 'monster', models: 1, points: 175, gear: ['fiery-breath'] })
    expect(hydra.rules).toEqual([
      'terror',
      'large-target',
      { id: 'scaly-skin', params: { save: 4 } },
      { id: 'regeneration', params: { save: 5 } },
    ])
    expect(rowAt(list, 'Grand Army > War Hydra > Beastmaster')).toMatchObject({ kind: 'profile', status: 'not-mapped' })
    expect(list.needs.some((need) => need.unit === 'war-hydra')).toBe(false)
  })

  it('a unit the file gives no stat line takes the catalogue unit; a wizard its level; a spell is reported', () => {
    const executioners = unitOf(list, 'executioners')
    expect(list.profiles.executioners).toBe('catalogue')
    expect(executioners.profile).toEqual(classic.troops!.find((troop) => troop.id === 'executioners')!.unit.profile)
    expect(executioners).toMatchObject({ models: 10, troopType: 'infantry', gear: ['draich', 'heavy-armour'] })
    expect(list.profiles.dreadlord).toBe('file')
    expect(unitOf(list, 'sorceress')).toMatchObject({ wizardLevel: 2, gear: ['hand-weapon', 'black-lotus'] })
    expect(rowAt(list, 'Grand Army > Sorceress > Doombolt')).toMatchObject({ kind: 'lore', status: 'not-mapped' })
    expect(rowAt(list, 'Grand Army > Eternal Hatred')).toMatchObject({
      status: 'not-mapped',
      anchor: 'Dark Elves army book, p. 12',
    })
  })

  it("the unit library's profile comes before the catalogue's", () => {
    const profile = { M: 5, WS: 6, BS: 4, S: 3, T: 3, W: 1, I: 6, A: 1, Ld: 9 }
    const library = importNewRecruit(
      { name: 'Dark Elves.json', bytes: fixture('dark-elves.newrecruit.json') },
      {
        ...context,
        libraryUnit: (faction, name) =>
          faction === 'Dark Elves' && name === 'Executioners'
            ? { unit: { ...unitOf(list, 'executioners'), profile }, source: 'typed by a player' }
            : undefined,
      },
    )
    expect(library.profiles.executioners).toBe('library')
    expect(unitOf(library, 'executioners').profile).toEqual(profile)
  })
})

describe('BattleScribe roster (XML)', () => {
  const rosz = importList({ name: 'Reikland Muster.rosz', bytes: fixture('classic.rosz') }, context)

  it('.rosz (2.03: values as element text, typeId): units, gear and parameterised rules', () => {
    expect(rosz.format).toBe('battlescribe-rosz')
    expect(rosz.army).toEqual({ name: 'Reikland Muster', faction: 'The Empire', points: 784 })
    expect(rosz.units.map((unit) => unit.id)).toEqual(['captain', 'spearmen', 'knights', 'great-cannon', 'steam-tank'])
    expect(unitOf(rosz, 'captain')).toMatchObject({
      character: true,
      general: true,
      troopType: 'cavalry',
      points: 82,
      gear: ['hand-weapon', 'lance', 'heavy-armour', 'potion-of-strength'],
      rules: [{ id: 'hatred', params: { enemies: 'orcs-goblins' } }],
      mount: { name: 'Warhorse', profile: { M: 8, WS: 3, BS: 0, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 5 } },
    })
    expect(rowAt(rosz, 'Battle Host > Captain > Hatred (Orcs & Goblins)').anchor).toBe(
      'Warhammer Armies: The Empire, p. 21',
    )
    expect(unitOf(rosz, 'spearmen')).toMatchObject({
      models: 20,
      troopType: 'infantry',
      points: 139,
      command: { champion: true, standard: true, musician: true },
      championProfile: { A: 2 },
      gear: ['spear', 'light-armour', 'shield'],
      rules: ['stubborn'],
    })
    expect(rowAt(rosz, 'Battle Host > Spearmen > Sergeant')).toMatchObject({
      status: 'assumed',
      mappedTo: 'command.champion',
    })
    expect(unitOf(rosz, 'knights')).toMatchObject({ models: 6, troopType: 'cavalry', rules: ['heavy-cavalry'] })
    expect(rosz.profiles.knights).toBe('catalogue')
    expect(rowAt(rosz, 'Battle Host > Knights > Knight > Barding')).toMatchObject({
      status: 'not-mapped',
      text: 'Barding',
    })
    musters(rosz)
  })

  it('a "-" characteristic is read as 0 (assumed); an unreadable one is a need; an army-wide choice is reported', () => {
    expect(unitOf(rosz, 'great-cannon')).toMatchObject({
      troopType: 'war-machine',
      profile: { M: 0, T: 7, W: 3, Ld: 0 },
    })
    expect(rowAt(rosz, 'Battle Host > Great Cannon > profile')).toMatchObject({ status: 'assumed' })
    expect(rosz.needs).toContainEqual(expect.objectContaining({ unit: 'steam-tank', what: 'profile' }))
    expect(rosz.profiles['steam-tank']).toBeUndefined()
    expect(rowAt(rosz, 'Battle Host > Steam Tank > profile')).toMatchObject({
      status: 'not-mapped',
      note: 'cannot read M "*"',
    })
    expect(rowAt(rosz, 'Battle Host > Battle Standard')).toMatchObject({ kind: 'army', status: 'not-mapped' })
    expect(rowAt(rosz, 'Battle Host > Battle Standard > Hold Your Ground')).toMatchObject({ anchor: 'Rulebook, p. 98' })
  })

  it('the same roster as a plain .ros reads the same', () => {
    const ros = importList({ name: 'Reikland Muster.ros', bytes: fixture('classic.ros') }, context)
    expect(ros.format).toBe('battlescribe-ros')
    expect(ros.units).toEqual(rosz.units)
    expect(ros.rows).toEqual(rosz.rows)
  })

  it('2.01 (values in value= attributes, costTypeId): a knight on a Cold One, costs, rules with parameters', () => {
    const list = importBattleScribe({ name: 'raid.ros', bytes: fixture('classic-2.01.ros') }, context)
    expect(list.army).toEqual({ name: 'Clar Karond Raid', faction: 'Dark Elves', points: 466 })
    expect(unitOf(list, 'cold-one-knights')).toMatchObject({
      models: 5,
      troopType: 'cavalry',
      points: 150,
      profile: { M: 5, WS: 5, BS: 4, S: 4, T: 3, W: 1, I: 6, A: 1, Ld: 9 },
      gear: ['lance', 'heavy-armour', 'shield'],
      rules: [{ id: 'hatred', params: { enemies: 'high-elves' } }],
      mount: { name: 'Cold One', profile: { M: 7, Ld: 3 }, rules: ['fear', 'stupidity', 'thick-skinned'] },
    })
    expect(unitOf(list, 'executioners')).toMatchObject({
      models: 12,
      points: 156,
      rules: ['killing-blow', { id: 'regeneration', params: { save: 5 } }],
    })
    expect(list.profiles.executioners).toBe('file')
    expect(unitOf(list, 'sorceress')).toMatchObject({ character: true, wizardLevel: 1, gear: ['dance-of-doom'] })
    expect(list.needs).toEqual([])
    musters(list)
  })
})

describe('rule text', () => {
  it('splits a parameter, footnote marks and tags from the name', () => {
    // The roster importers read names with the same words as the Old World Builder importer (rule-words.ts).
    expect(readRuleWords('Regeneration (5+)')).toMatchObject({ name: 'Regeneration', value: '5+' })
    expect(readRuleWords('Stomp Attacks (D3+1)')).toMatchObject({ name: 'Stomp Attacks', value: 'D3+1' })
    expect(readRuleWords('Aquatic**')).toMatchObject({ name: 'Aquatic', value: null })
    expect(readRuleWords('Fear {renegade}')).toMatchObject({ name: 'Fear', value: null, tags: ['renegade'] })
  })

  it('a parameter the entry cannot take is an assumption, not a silent drop', () => {
    const roster = {
      roster: {
        name: 'Odd',
        forces: [
          {
            name: 'Force',
            catalogueName: 'Test',
            selections: [
              {
                name: 'Spearmen',
                type: 'unit',
                number: 10,
                rules: [{ name: 'Fear (3)' }, { name: 'Regeneration (seven)' }],
              },
            ],
          },
        ],
      },
    }
    const list = importNewRecruit({ name: 'odd.json', bytes: text(JSON.stringify(roster)) }, context)
    expect(rowAt(list, 'Force > Spearmen > Fear (3)')).toMatchObject({ status: 'assumed', mappedTo: 'fear' })
    expect(rowAt(list, 'Force > Spearmen > Regeneration (seven)')).toMatchObject({
      status: 'assumed',
      mappedTo: 'regeneration',
    })
    expect(unitOf(list, 'spearmen').rules).toEqual(['fear', 'regeneration'])
  })
})

describe('tolerance: a bad file is refused whole, by name; what cannot be mapped is reported', () => {
  const rosXml = readFileSync(join(fixtures, 'classic.ros'), 'utf8')

  it('a broken zip', () => {
    const bytes = fixture('classic.rosz').slice(0, 200)
    expect(refusal(() => importList({ name: 'broken.rosz', bytes }, context))).toMatchObject({
      code: 'list/bad-file',
      message: expect.stringContaining('broken.rosz: is a damaged zip archive'),
    })
  })

  it('a zip with no .ros, or several', () => {
    const none = zipSync({ 'notes.txt': text('hello') })
    expect(refusal(() => importList({ name: 'none.rosz', bytes: none }, context)).message).toBe(
      'none.rosz: the archive holds no .ros roster',
    )
    const two = zipSync({ 'a.ros': text(rosXml), 'b.ros': text(rosXml) })
    expect(refusal(() => importList({ name: 'two.rosz', bytes: two }, context)).message).toContain('holds 2 rosters')
  })

  it('a .rosz that is no zip, and a zip entry that expands past any list', () => {
    expect(refusal(() => importList({ name: 'plain.rosz', bytes: text(rosXml) }, context)).message).toBe(
      'plain.rosz: is not a zip archive, as a .rosz must be',
    )
    const bomb = zipSync({ 'big.ros': new Uint8Array(MAX_LIST_BYTES + 1) })
    expect(bomb.length).toBeLessThan(MAX_LIST_BYTES)
    expect(refusal(() => importList({ name: 'bomb.rosz', bytes: bomb }, context)).message).toContain('expands to more')
  })

  it('invalid XML, and XML declaring entities', () => {
    const broken = rosXml.replace('</forces>', '')
    expect(refusal(() => importList({ name: 'broken.ros', bytes: text(broken) }, context))).toMatchObject({
      code: 'list/bad-file',
      message: expect.stringMatching(/^broken\.ros: is not well-formed XML \(line \d+/),
    })
    const entities = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><roster><forces/></roster>'
    expect(refusal(() => importList({ name: 'e.ros', bytes: text(entities) }, context)).message).toContain('DOCTYPE')
  })

  it('a file of the wrong kind: XML that is no roster, JSON that is no roster, an Old World Builder list, not JSON', () => {
    const catalogue = '<?xml version="1.0"?><catalogue name="Dark Elves"><selectionEntries/></catalogue>'
    expect(refusal(() => importList({ name: 'de.ros', bytes: text(catalogue) }, context)).message).toBe(
      'de.ros: not a roster: the XML has no roster at its top',
    )
    expect(refusal(() => importList({ name: 'x.json', bytes: text('{"units": []}') }, context)).message).toBe(
      'x.json: not a roster: the JSON has no roster at its top',
    )
    const owb = JSON.stringify({ name: 'Wood', army: 'wood-elf-realms', characters: [] })
    expect(refusal(() => importList({ name: 'wood.json', bytes: text(owb) }, context)).message).toContain(
      'Old World Builder',
    )
    expect(refusal(() => importList({ name: 'x.json', bytes: text('not json') }, context)).message).toMatch(
      /^x\.json: is not JSON/,
    )
    expect(
      refusal(() => importList({ name: 'x.json', bytes: new Uint8Array([0xff, 0xfe, 0x00]) }, context)).message,
    ).toBe('x.json: is not UTF-8 text')
    expect(
      refusal(() => importList({ name: 'x.json', bytes: text('{"roster": {"name": "Empty"}}') }, context)).message,
    ).toBe('x.json: not a roster: its roster has no forces')
    expect(
      refusal(() => importList({ name: 'x.json', bytes: text('{"roster": {"forces": []}}') }, context)).message,
    ).toBe('x.json: the roster has no force, so no units to import')
  })

  it('missing fields: a selection with no name, number, profile or cost still reads, and says what it lacks', () => {
    const roster = { roster: { forces: [{ selections: [{ type: 'unit' }] }] } }
    const list = importNewRecruit({ name: 'bare.json', bytes: text(JSON.stringify(roster)) }, context)
    expect(list.army).toEqual({ name: 'bare.json', faction: null, points: null })
    expect(list.units).toHaveLength(1)
    expect(list.units[0]).toMatchObject({ id: 'unnamed-unit', name: 'Unnamed unit', models: 1 })
    expect(rowAt(list, 'Force > Unnamed unit')).toMatchObject({
      status: 'not-mapped',
      note: expect.stringContaining('no name'),
    })
    expect(list.needs.map((need) => need.what)).toEqual(['profile', 'troop-type'])
  })

  it('selections nested past any list are refused, in JSON and in XML', () => {
    const json = `{"roster":{"forces":[{"selections":[${'{"name":"a","selections":['.repeat(40)}${']}'.repeat(40)}]}]}}`
    expect(refusal(() => importList({ name: 'deep.json', bytes: text(json) }, context)).message).toBe(
      'deep.json: the roster cannot be read: selections nested more than 32 deep',
    )
    const nested = `${'<selection name="a"><selections>'.repeat(40)}${'</selections></selection>'.repeat(40)}`
    const xml = `<roster><forces><force><selections>${nested}</selections></force></forces></roster>`
    expect(refusal(() => importList({ name: 'deep.ros', bytes: text(xml) }, context)).message).toBe(
      'deep.ros: the roster cannot be read: selections nested more than 32 deep',
    )
  })

  it('unknown units and rules under another ruleset: not mapped, with the text the file had', () => {
    const list = importNewRecruit(
      { name: 'Dark Elves.json', bytes: fixture('dark-elves.newrecruit.json') },
      { ruleset: oldWorld, fileHash: 'b'.repeat(64) },
    )
    expect(list.ruleset).toBe('old-world')
    const cloak = rowAt(list, 'Grand Army > Corsairs > Corsair > Sea Dragon Cloak')
    expect(cloak).toMatchObject({
      text: 'Sea Dragon Cloak',
      status: 'not-mapped',
      note: 'no entry of old-world is named so',
    })
    expect(unitOf(list, 'executioners').gear).toEqual(['heavy-armour'])
    expect(list.needs).toContainEqual(expect.objectContaining({ unit: 'executioners', what: 'profile' }))
    // Regeneration is an Old World rule too: still mapped, its parameter read.
    expect(unitOf(list, 'war-hydra').rules).toContainEqual({ id: 'regeneration', params: { save: 5 } })
  })

  it('a 50 MB file is refused by its size before anything is parsed', () => {
    const huge = new Uint8Array(50 * 1024 * 1024)
    for (const name of ['big.json', 'big.ros', 'big.rosz'])
      expect(refusal(() => importList({ name, bytes: huge }, context)).code).toBe('list/too-large')
  })

  it('the same bytes import the same way (deterministic)', () => {
    const again = importList({ name: 'Reikland Muster.rosz', bytes: fixture('classic.rosz') }, context)
    const first = importList({ name: 'Reikland Muster.rosz', bytes: fixture('classic.rosz') }, context)
    expect(JSON.stringify(again)).toBe(JSON.stringify(first))
  })
})
