import { correctionsOf } from '../audit/corrected-fold.js'
import { slug } from '../engine/params.js'
import type { GameState, TroopTemplate } from '../engine/types.js'
import { canonicalJson } from '../events/canonical-json.js'
import { ArbiterError } from '../events/errors.js'
import type { PayloadOf, UnitDefinitionInput } from '../events/event-types.js'
import { gameEvents } from '../events/index.js'
import { exportOwb, type ImportedList, importList, type LibraryUnit, MAX_LIST_BYTES } from '../lists/index.js'
import type { EventStore, StoredLibraryUnit } from '../store/event-store.js'
import { sha256Hex } from '../store/sha256.js'
import type { LibraryEntry } from './game-api-contract.js'
import { validatedPayload } from './muster-input.js'

export { listImportedPayload } from '../lists/list-event.js'

import { rulesetOf } from './rulesets.js'

/**
 * Army lists in and out through the api (issue 20; docs/lists.md): a list file read (read-only), the unit library
 * (profiles kept per ruleset and army, outside every game's log), and the ready troops filtered by army.
 */

/** The longest base64 text a list may come as: MAX_LIST_BYTES bytes, four characters for every three. */
export const MAX_LIST_BASE64 = Math.ceil(MAX_LIST_BYTES / 3) * 4

/** An army's key in the library: its faction's name as a slug ("Wood Elf Realms" -> wood-elf-realms); '' for none. */
export function armyKey(faction: string | null | undefined): string {
  return faction == null ? '' : slug(faction)
}

/**
 * The race id the ready troops carry (`unit.race`) for the armies the list builders name otherwise: Old World
 * Builder's and New Recruit's Wood Elves are "Wood Elf Realms". An army not named here is its own key.
 */
const ARMY_RACES: Readonly<Record<string, string>> = { 'wood-elf-realms': 'wood-elves' }

/** The bytes of a list file sent as base64; too long a text is refused before it is decoded. */
export function decodeListBytes(fileName: string, bytesBase64: string): Uint8Array {
  if (bytesBase64.length > MAX_LIST_BASE64)
    throw new ArbiterError(
      'list/too-large',
      `${fileName}: about ${Math.floor((bytesBase64.length * 3) / 4)} bytes is more than any army list (at most ${MAX_LIST_BYTES} bytes)`,
    )
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(bytesBase64) || bytesBase64.length % 4 !== 0)
    throw new ArbiterError('list/bad-file', `${fileName}: the file's bytes did not come as base64`)
  const binary = atob(bytesBase64)
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** Looks a unit up in the unit library: by ruleset, army key and name. */
export type LibraryLookup = (ruleset: string, army: string, name: string) => StoredLibraryUnit | undefined

/**
 * A list file read by the importer its name calls for (core/lists), with its sha256 worked out here and the unit
 * library's profiles offered first (`ImportContext.libraryUnit`); each unit whose profile came from the library
 * carries the library's words for where it first came from (`librarySources`). Reads only.
 */
export function importListFile(
  ruleset: string,
  fileName: string,
  bytes: Uint8Array,
  library?: LibraryLookup,
): ImportedList {
  const known = rulesetOf(ruleset)
  const found = new Map<string, string>()
  const libraryUnit = library
    ? (faction: string | null, unitName: string): LibraryUnit | undefined => {
        const stored = library(known.id, armyKey(faction), unitName)
        if (!stored) return undefined
        found.set(unitName.trim().toLowerCase(), stored.source)
        return { unit: structuredClone(stored.unit) as UnitDefinitionInput, source: stored.source }
      }
    : undefined
  const list = importList(
    { name: fileName, bytes },
    { ruleset: known, fileHash: sha256Hex(bytes), ...(libraryUnit ? { libraryUnit } : {}) },
  )
  const librarySources: Record<string, string> = {}
  for (const unit of list.units) {
    const source = found.get(unit.name.trim().toLowerCase())
    if (list.profiles[unit.id] === 'library' && source !== undefined) librarySources[unit.id] = source
  }
  return Object.keys(librarySources).length === 0 ? list : { ...list, librarySources }
}

function entryOf(stored: StoredLibraryUnit): LibraryEntry {
  return {
    ruleset: stored.ruleset,
    army: stored.faction,
    name: stored.name,
    unit: stored.unit as UnitDefinitionInput,
    source: stored.source,
    savedAt: stored.savedAt,
  }
}

/**
 * Keeps a unit in the unit library under its army (a faction's name or its key; null or '' for no named army),
 * checked as a muster checks it (shape, typed text, parameters read). Returns the entry as the library now holds
 * it: a unit it held with this very definition keeps the source it first came from.
 */
export function saveLibraryUnit(
  store: EventStore,
  saved: { ruleset: string; faction: string | null; unit: UnitDefinitionInput; source: string; at: string },
): LibraryEntry {
  const known = rulesetOf(saved.ruleset)
  const source = saved.source.trim()
  if (source === '' || source.length > 500 || /\p{Cc}/u.test(source))
    throw new ArbiterError(
      'api/bad-arguments',
      'saveLibraryUnit: the source is one line of words (at most 500 characters)',
    )
  const army = validatedPayload(() => known, 'ArmyMustered', 2, { player: 'library', units: [saved.unit] }) as {
    units: UnitDefinitionInput[]
  }
  const unit = army.units[0] as UnitDefinitionInput
  const faction = armyKey(saved.faction)
  store.saveLibraryUnit({ ruleset: known.id, faction, name: unit.name, unit, source, savedAt: saved.at })
  return entryOf(store.libraryUnit(known.id, faction, unit.name) as StoredLibraryUnit)
}

/** The library's units of a ruleset: of one army when `faction` is given ('' for no named army), else all. */
export function libraryUnitsOf(store: EventStore, ruleset: string, faction?: string): LibraryEntry[] {
  const known = rulesetOf(ruleset)
  return store.libraryUnits(known.id, faction === undefined ? undefined : armyKey(faction)).map(entryOf)
}

/**
 * A ruleset's ready troops, copied (a caller edits what it loads); with `army`, those of that army (TroopTemplate
 * `army`, else its unit's race) and those of no army (generic troops any army may field).
 */
export function troopsOf(ruleset: string, army?: string): TroopTemplate[] {
  const troops = rulesetOf(ruleset).troops ?? []
  if (army === undefined) return structuredClone([...troops])
  const key = armyKey(army)
  const wanted = new Set([key, ARMY_RACES[key] ?? key])
  return structuredClone(
    troops.filter((troop) => {
      const own = troop.army ?? troop.unit.race
      return own === undefined || wanted.has(armyKey(own))
    }),
  )
}

/**
 * The units of an ArmyMustered recorded through the api, kept in the unit library (issue 20 §4) under the army of
 * the list it names (its ListImported's faction), else under the units' race, else under no named army. Kept: each
 * unit whose profile the file gave (source: the file) or the player typed; not kept: a profile from the catalogue,
 * and a ready troop loaded unchanged. A unit the library holds with the same definition keeps its first source.
 */
export function keepMusteredUnits(
  store: EventStore,
  game: GameState,
  army: PayloadOf<'ArmyMustered'>,
  at: string,
): void {
  const list = army.list === undefined ? undefined : game.lists?.[army.player]
  const ready = new Map((rulesetOf(game.ruleset).troops ?? []).map((troop) => [troop.unit.name, troop.unit]))
  for (const unit of army.units) {
    const from = list?.profiles[unit.id]
    if (from === 'catalogue') continue
    const template = ready.get(unit.name)
    if (template && canonicalJson(template.profile) === canonicalJson(unit.profile)) continue
    const source = from === 'file' && list ? `read from ${list.file.name}` : 'typed by a player at muster'
    const faction = list ? armyKey(list.army.faction) : (unit.race ?? '')
    store.saveLibraryUnit({ ruleset: game.ruleset, faction, name: unit.name, unit, source, savedAt: at })
  }
}

/** An army written back as a list file, with the name to save it as. */
export interface ExportedList {
  readonly fileName: string
  readonly text: string
}

/**
 * A player's army as the game mustered it (the last ArmyMustered the game counts, corrections applied), written back
 * as an Old World Builder list (`.owb.json`); its army is the faction of the list the player imported, if any.
 * Reads only; the events are hashed as they are read.
 */
export function exportArmyList(store: EventStore, gameId: string, player: string): ExportedList {
  const events = [...store.readEvents(gameId, { verify: true })]
  const corrections = correctionsOf(events)
  let ruleset: string | null = null
  let army: PayloadOf<'ArmyMustered'> | null = null
  let list: PayloadOf<'ListImported'> | null = null
  for (const event of events) {
    const mark = corrections.get(event.seq)
    if (mark && !mark.replacement) continue
    const type = mark?.replacement?.type ?? event.type
    const read = () =>
      mark?.replacement ? mark.replacement.payload : gameEvents.readPayload(event.type, event.v, event.payload)
    if (type === 'GameCreated') ruleset = (read() as PayloadOf<'GameCreated'>).ruleset
    else if (type === 'ArmyMustered' && (read() as PayloadOf<'ArmyMustered'>).player === player)
      army = read() as PayloadOf<'ArmyMustered'>
    else if (type === 'ListImported' && (read() as PayloadOf<'ListImported'>).player === player)
      list = read() as PayloadOf<'ListImported'>
  }
  if (ruleset === null) throw new ArbiterError('engine/no-game', `no game ${gameId}`)
  if (army === null)
    throw new ArbiterError('engine/unknown-player', `game ${gameId}: ${player} has mustered no army to export`)
  const faction = list?.army.faction ?? null
  const name = list?.army.name ?? `${player}'s army`
  const text = exportOwb({ name, faction, units: army.units }, rulesetOf(ruleset))
  return { fileName: `${slug(name) || 'army'}.owb.json`, text }
}
