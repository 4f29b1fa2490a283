import type { UnitDefinitionInput } from '../events/event-types.js'

/**
 * Army lists in and out (issue 20): a list builder's file read into units Arbiter can muster, with an import report
 * that says, row by row, what was mapped onto the ruleset's catalogue, what was mapped with an assumption, and what
 * could not be mapped (with the text the file had). Pure: the hosts read the file's bytes and hand them in.
 */

/** The list formats Arbiter reads. */
export const LIST_FORMATS = ['owb', 'owb-lists', 'new-recruit', 'battlescribe-ros', 'battlescribe-rosz'] as const
export type ListFormat = (typeof LIST_FORMATS)[number]

/** A list file as the host read it: its name (for the format's extension) and its bytes. */
export interface ListFile {
  readonly name: string
  readonly bytes: Uint8Array
}

/** The most a list file may be: a list is kilobytes; anything larger is refused before it is parsed. */
export const MAX_LIST_BYTES = 10 * 1024 * 1024

export type ImportStatus = 'mapped' | 'assumed' | 'not-mapped'

/** One thing the file said, and what Arbiter made of it. */
export interface ImportRow {
  /** Where in the file, in words: "Core > Eternal Guard > Options > Shields". */
  readonly path: string
  readonly kind: 'army' | 'unit' | 'character' | 'mount' | 'command' | 'option' | 'item' | 'rule' | 'lore' | 'profile'
  /** The text the file had, as it had it ("Regeneration (5+)"). */
  readonly text: string
  readonly status: ImportStatus
  /** What it was mapped onto, in words with the catalogue id and parameters ("regeneration {save: 5}"). */
  readonly mappedTo?: string
  /** What was assumed to map it (status `assumed`), or why it could not be mapped (status `not-mapped`). */
  readonly note?: string
  /** The id of the unit of the imported army it belongs to. */
  readonly unit?: string
}

/** Where an imported unit's stat line came from. */
export type ProfileSource = 'file' | 'catalogue' | 'library' | 'player'

/** Something only the player can give: a stat line the file lacks and no catalogue or library unit supplies. */
export interface ImportNeed {
  readonly unit: string
  readonly what: 'profile' | 'troop-type' | 'mount-profile'
  readonly text: string
}

/** A list file read: the units as a muster takes them, the report, and what is still needed from the player. */
export interface ImportedList {
  readonly format: ListFormat
  readonly fileName: string
  /** sha256 (hex) of the file's bytes as read: the game record keeps it, so the list can be told from any other. */
  readonly fileHash: string
  readonly ruleset: string
  /** The army as the file names it, and its faction ("Wood Elf Realms"); the points the file's units add up to. */
  readonly army: { readonly name: string; readonly faction: string | null; readonly points: number | null }
  /** Units (characters among them) in the shape ArmyMustered takes; a unit whose profile is needed has a placeholder. */
  readonly units: readonly UnitDefinitionInput[]
  /** Where each unit's profile came from, by unit id. */
  readonly profiles: Readonly<Record<string, ProfileSource>>
  /**
   * For a unit whose profile came from the unit library: the library's words for where it first came from ("typed by
   * a player at muster", "read from Dark Elves.json"), by unit id. Filled by the api (core/api/lists.ts), not by an
   * importer.
   */
  readonly librarySources?: Readonly<Record<string, string>>
  readonly needs: readonly ImportNeed[]
  readonly rows: readonly ImportRow[]
}

/** A profile the unit library keeps for a unit of an army (issue 20 §4), and where it first came from. */
export interface LibraryUnit {
  readonly unit: UnitDefinitionInput
  /** "typed by a player", "read from a New Recruit roster (Dark Elves.json)"... */
  readonly source: string
}

/** What an importer is given beside the file. */
export interface ImportContext {
  readonly ruleset: import('../engine/types.js').Ruleset
  /** sha256 (hex) of the file's bytes, worked out by the host (core stays pure). */
  readonly fileHash: string
  /** The unit library's profile for a unit of this name in this army or faction, when it holds one. */
  readonly libraryUnit?: (faction: string | null, unitName: string) => LibraryUnit | undefined
}

export type ListImporter = (file: ListFile, context: ImportContext) => ImportedList
