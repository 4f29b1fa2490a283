import { ArbiterError } from '../events/errors.js'
import type { ImportContext, ImportedList, ListFile } from './types.js'

// PROVISIONAL (replaced wholesale by its helper): the Old World Builder importer.
export function importOwb(file: ListFile, _context: ImportContext): ImportedList {
  throw new ArbiterError('list/unknown-format', `${file.name}: the Old World Builder importer is not built yet`)
}
