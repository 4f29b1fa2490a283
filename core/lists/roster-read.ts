import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { unzipSync } from 'fflate'
import { ArbiterError } from '../events/errors.js'
import { MAX_LIST_BYTES } from './types.js'

/**
 * BattleScribe's roster schema, read from either of its two spellings into one tree: New Recruit's JSON export
 * (lists as arrays, a characteristic's value in `$text`) and BattleScribe's XML (`.ros`, or zipped as `.rosz`:
 * lists wrapped in a plural element, values in attributes in 2.01 and in element text in 2.03). Everything after
 * this file sees only `Roster`. A file that is not a roster is refused whole with `list/bad-file`.
 */

export interface RosterCost {
  readonly name: string
  readonly typeId: string
  readonly value: number
}
export interface RosterRule {
  readonly name: string
  readonly publicationId?: string
  readonly page?: string
}
export interface RosterProfile {
  readonly name: string
  readonly typeName: string
  readonly characteristics: readonly { readonly name: string; readonly value: string }[]
}
export interface RosterCategory {
  readonly name: string
  readonly primary: boolean
}
export interface RosterSelection {
  readonly name: string
  readonly customName?: string
  /** unit, model or upgrade (BattleScribe's selection types). */
  readonly type: string
  readonly number: number
  /** The name of the entry group it was chosen from ("Mount", "Command", "Magic Items"), when the file says. */
  readonly group?: string
  readonly categories: readonly RosterCategory[]
  readonly profiles: readonly RosterProfile[]
  readonly rules: readonly RosterRule[]
  readonly costs: readonly RosterCost[]
  readonly selections: readonly RosterSelection[]
}
export interface RosterForce {
  readonly name: string
  readonly catalogueName: string
  readonly rules: readonly RosterRule[]
  readonly selections: readonly RosterSelection[]
}
export interface Roster {
  readonly name: string
  readonly gameSystemName: string
  readonly forces: readonly RosterForce[]
  /** Publication id -> its name, from wherever the file lists them (roster or force). */
  readonly publications: Readonly<Record<string, string>>
}

type Node = Record<string, unknown>

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value)

const bad = (fileName: string, what: string) => new ArbiterError('list/bad-file', `${fileName}: ${what}`)

/** A list as either spelling writes it: an array (JSON), or a plural element wrapping its singular ones (XML). */
function listOf(value: unknown, singular: string): Node[] {
  if (value === undefined || value === null || value === '') return []
  const items = Array.isArray(value) ? value : isNode(value) ? (value[singular] ?? []) : []
  return (Array.isArray(items) ? items : [items]).filter(isNode)
}

/** A scalar as either spelling writes it: an attribute, a JSON field, or an element holding only text. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (isNode(value) && (typeof value.$text === 'string' || typeof value.$text === 'number'))
    return String(value.$text).trim()
  return undefined
}

function numberOf(value: unknown): number | undefined {
  const text = textOf(value)
  if (text === undefined || text === '') return undefined
  const number = Number(text)
  return Number.isFinite(number) ? number : undefined
}

function readCosts(node: Node): RosterCost[] {
  return listOf(node.costs, 'cost').flatMap((cost) => {
    // 2.03 and New Recruit: typeId and value=; 2.01: costTypeId and value=; a value as element text is read too.
    const value = numberOf(cost.value) ?? numberOf(cost.$text)
    if (value === undefined) return []
    return [{ name: textOf(cost.name) ?? '', typeId: textOf(cost.typeId) ?? textOf(cost.costTypeId) ?? '', value }]
  })
}

function readRules(node: Node): RosterRule[] {
  return listOf(node.rules, 'rule').flatMap((rule) => {
    const name = textOf(rule.name)
    if (!name || textOf(rule.hidden) === 'true') return []
    const publicationId = textOf(rule.publicationId)
    const page = textOf(rule.page)
    return [{ name, ...(publicationId ? { publicationId } : {}), ...(page ? { page } : {}) }]
  })
}

function readProfiles(node: Node): RosterProfile[] {
  return listOf(node.profiles, 'profile').flatMap((profile) => {
    if (textOf(profile.hidden) === 'true') return []
    const characteristics = listOf(profile.characteristics, 'characteristic').map((characteristic) => ({
      name: textOf(characteristic.name) ?? '',
      // 2.03 and New Recruit: the value is the element's text ($text); 2.01: the value= attribute.
      value: textOf(characteristic.$text) || textOf(characteristic.value) || '',
    }))
    // 2.03 and New Recruit name the profile's type typeName; 2.01 profileTypeName.
    const typeName = textOf(profile.typeName) ?? textOf(profile.profileTypeName) ?? ''
    return [{ name: textOf(profile.name) ?? '', typeName, characteristics }]
  })
}

function readCategories(node: Node): RosterCategory[] {
  return listOf(node.categories, 'category').map((category) => ({
    name: textOf(category.name) ?? '',
    primary: textOf(category.primary) === 'true',
  }))
}

function readSelection(node: Node, depth: number): RosterSelection {
  // A roster nests a few levels (unit > model > mount > upgrade); a file nesting deeper than any list is refused.
  if (depth > 32) throw new Error('selections nested more than 32 deep')
  const name = textOf(node.name) ?? ''
  const customName = textOf(node.customName)
  const group = textOf(node.group)
  const number = numberOf(node.number)
  return {
    name,
    ...(customName ? { customName } : {}),
    type: textOf(node.type) ?? 'upgrade',
    number: number !== undefined && Number.isInteger(number) && number >= 0 ? number : 1,
    ...(group ? { group } : {}),
    categories: readCategories(node),
    profiles: readProfiles(node),
    rules: readRules(node),
    costs: readCosts(node),
    selections: listOf(node.selections, 'selection').map((child) => readSelection(child, depth + 1)),
  }
}

function publicationsOf(nodes: readonly Node[]): Record<string, string> {
  const names: Record<string, string> = {}
  for (const node of nodes)
    for (const publication of listOf(node.publications, 'publication')) {
      const id = textOf(publication.id)
      const name = textOf(publication.name)
      if (id && name) names[id] = name
    }
  return names
}

/** A parsed document's `roster` read into the one tree, or why it is not a roster. */
function readRoster(fileName: string, document: unknown, spelling: string): Roster {
  const roster = isNode(document) ? document.roster : undefined
  if (!isNode(roster)) throw bad(fileName, `not a roster: ${spelling} has no roster at its top`)
  if (roster.forces === undefined) throw bad(fileName, 'not a roster: its roster has no forces')
  const forceNodes = listOf(roster.forces, 'force')
  if (forceNodes.length === 0) throw bad(fileName, 'the roster has no force, so no units to import')
  try {
    const forces = forceNodes.map((force) => ({
      name: textOf(force.name) ?? '',
      catalogueName: textOf(force.catalogueName) ?? '',
      rules: readRules(force),
      selections: listOf(force.selections, 'selection').map((selection) => readSelection(selection, 0)),
    }))
    return {
      name: textOf(roster.name) ?? '',
      gameSystemName: textOf(roster.gameSystemName) ?? '',
      forces,
      publications: publicationsOf([roster, ...forceNodes]),
    }
  } catch (error) {
    throw bad(fileName, `the roster cannot be read: ${(error as Error).message}`)
  }
}

function decodeText(fileName: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    throw bad(fileName, 'is not UTF-8 text')
  }
}

/** New Recruit's JSON export: `{ roster: { forces: [...] } }`. */
export function readRosterJson(fileName: string, bytes: Uint8Array): Roster {
  let document: unknown
  try {
    document = JSON.parse(decodeText(fileName, bytes))
  } catch (error) {
    if (error instanceof ArbiterError) throw error
    throw bad(fileName, `is not JSON (${(error as Error).message})`)
  }
  if (isNode(document) && !isNode(document.roster) && ('army' in document || 'characters' in document))
    throw bad(fileName, 'looks like an Old World Builder list, not a New Recruit roster: name it .owb.json')
  return readRoster(fileName, document, 'the JSON')
}

/** The element names that are lists in the roster schema, read as arrays even when the file holds one. */
const LIST_ELEMENTS = new Set([
  'force',
  'selection',
  'profile',
  'characteristic',
  'rule',
  'cost',
  'category',
  'publication',
])

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: '$text',
  alwaysCreateTextNode: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && LIST_ELEMENTS.has(name),
})

/** BattleScribe's XML roster (`.ros`). */
export function readRosterXml(fileName: string, bytes: Uint8Array): Roster {
  const text = decodeText(fileName, bytes)
  // A roster declares no document type; one that does could expand entities without end, so it is refused unread.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw bad(fileName, 'declares a DOCTYPE, which no BattleScribe roster does')
  let document: unknown
  try {
    const valid = XMLValidator.validate(text)
    if (valid !== true)
      throw bad(fileName, `is not well-formed XML (line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg})`)
    document = xmlParser.parse(text)
  } catch (error) {
    // A parser's own failure (nesting past its stack) is the file's fault too, and said so.
    if (error instanceof ArbiterError) throw error
    throw bad(fileName, `cannot be read as XML (${(error as Error).message})`)
  }
  return readRoster(fileName, document, 'the XML')
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]

export const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, index) => bytes[index] === byte)

/** The one `.ros` a `.rosz` holds; an archive with none or several, or one that expands past a list's size, is refused. */
export function unzipRoster(fileName: string, bytes: Uint8Array): { name: string; bytes: Uint8Array } {
  if (!isZip(bytes)) throw bad(fileName, 'is not a zip archive, as a .rosz must be')
  const names: string[] = []
  let tooLarge: string | undefined
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(bytes, {
      filter: (entry) => {
        if (!entry.name.toLowerCase().endsWith('.ros')) return false
        names.push(entry.name)
        if (entry.originalSize > MAX_LIST_BYTES) tooLarge = entry.name
        return names.length === 1 && tooLarge === undefined
      },
    })
  } catch (error) {
    throw bad(fileName, `is a damaged zip archive (${(error as Error).message})`)
  }
  if (tooLarge !== undefined)
    throw bad(fileName, `${tooLarge} expands to more than any army list (${MAX_LIST_BYTES} bytes)`)
  if (names.length === 0) throw bad(fileName, 'the archive holds no .ros roster')
  if (names.length > 1)
    throw bad(fileName, `the archive holds ${names.length} rosters (${names.join(', ')}); a .rosz holds one`)
  const name = names[0]!
  const content = files[name]
  if (!content || content.length > MAX_LIST_BYTES) throw bad(fileName, `${name} could not be read from the archive`)
  return { name, bytes: content }
}
