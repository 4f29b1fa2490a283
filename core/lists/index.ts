import { ArbiterError } from '../events/errors.js'
import { importBattleScribe } from './battlescribe.js'
import { importNewRecruit } from './new-recruit.js'
import { importOwb } from './owb.js'
import { type ImportContext, type ImportedList, type ListFile, MAX_LIST_BYTES } from './types.js'

export { exportOwb, type OwbExportArmy } from './owb-export.js'
export * from './types.js'

/**
 * A list file read by the importer its name and first bytes call for: `.owb.json` / `.owb.lists.json` (Old World
 * Builder), `.ros` / `.rosz` (BattleScribe), another `.json` (a New Recruit roster). A file of another kind, or too
 * large, is refused by name before anything is parsed; an importer refuses a damaged file the same way, so nothing
 * is ever half-imported.
 */
export function importList(file: ListFile, context: ImportContext): ImportedList {
  if (file.bytes.length > MAX_LIST_BYTES)
    throw new ArbiterError(
      'list/too-large',
      `${file.name}: ${file.bytes.length} bytes is more than any army list (at most ${MAX_LIST_BYTES} bytes)`,
    )
  const name = file.name.toLowerCase()
  if (name.endsWith('.owb.json') || name.endsWith('.owb.lists.json')) return importOwb(file, context)
  if (name.endsWith('.ros') || name.endsWith('.rosz')) return importBattleScribe(file, context)
  if (name.endsWith('.json')) return importNewRecruit(file, context)
  throw new ArbiterError(
    'list/unknown-format',
    `${file.name}: not a list Arbiter reads (Old World Builder .owb.json or .owb.lists.json, New Recruit .json, ` +
      'BattleScribe .ros or .rosz)',
  )
}
