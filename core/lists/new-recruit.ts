import { ArbiterError } from '../events/errors.js'
import type { ImportContext, ImportedList, ListFile } from './types.js'

// PROVISIONAL (replaced wholesale by its helper): the New Recruit importer.
export function importNewRecruit(file: ListFile, _context: ImportContext): ImportedList {
  throw new ArbiterError('list/unknown-format', `${file.name}: the New Recruit importer is not built yet`)
}
