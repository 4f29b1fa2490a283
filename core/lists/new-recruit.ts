import { readRosterJson } from './roster-read.js'
import { importRoster } from './roster-walk.js'
import type { ImportContext, ImportedList, ListFile } from './types.js'

/**
 * New Recruit's JSON export: BattleScribe's roster schema as JSON (`roster.forces[].selections[]`, a
 * characteristic's value in `$text`, the faction only in a force's `catalogueName`), walked as any roster is.
 */
export function importNewRecruit(file: ListFile, context: ImportContext): ImportedList {
  return importRoster(readRosterJson(file.name, file.bytes), file, 'new-recruit', context)
}
