import { ArbiterError } from '../events/errors.js'
import { isZip, readRosterXml, unzipRoster } from './roster-read.js'
import { importRoster } from './roster-walk.js'
import type { ImportContext, ImportedList, ListFile } from './types.js'

/**
 * BattleScribe's roster: `.ros` is its XML, `.rosz` a zip holding one `.ros`. Told apart by the bytes, not the
 * name, so a zipped roster saved as `.ros` still reads; a `.rosz` that is not a zip is refused.
 */
export function importBattleScribe(file: ListFile, context: ImportContext): ImportedList {
  const zipped = isZip(file.bytes)
  if (file.name.toLowerCase().endsWith('.rosz') && !zipped)
    throw new ArbiterError('list/bad-file', `${file.name}: is not a zip archive, as a .rosz must be`)
  const xml = zipped ? unzipRoster(file.name, file.bytes).bytes : file.bytes
  const roster = readRosterXml(file.name, xml)
  return importRoster(roster, file, zipped ? 'battlescribe-rosz' : 'battlescribe-ros', context)
}
