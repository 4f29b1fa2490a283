import { ArbiterError } from '../events/errors.js'
import type { ImportContext, ImportedList, ListFile } from './types.js'

// PROVISIONAL (replaced wholesale by its helper): the BattleScribe importer.
export function importBattleScribe(file: ListFile, _context: ImportContext): ImportedList {
  throw new ArbiterError('list/unknown-format', `${file.name}: the BattleScribe importer is not built yet`)
}
