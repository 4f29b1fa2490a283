import { ArbiterError } from '../../core/events/errors.js'
import type { ImportContext, ImportedList, ImportRow, ListFile, ProfileSource } from '../../core/lists/types.js'

/**
 * A test-only stand-in for the Old World Builder importer (`vi.mock('../../core/lists/owb.js', ...)`), so the api
 * and the CLI around `importList` are tested before the real importer lands. It reads a tiny JSON of its own,
 * `{ name, faction, units: [{ name, models, profile? }] }`: a unit with a profile maps from the file, one without
 * is looked up in the unit library (ImportContext.libraryUnit), else it is a need. Anything else is refused.
 */
export function importOwb(file: ListFile, context: ImportContext): ImportedList {
  let data: { name: string; faction: string | null; units: { name: string; models: number; profile?: unknown }[] }
  try {
    data = JSON.parse(new TextDecoder().decode(file.bytes))
  } catch {
    throw new ArbiterError('list/bad-file', `${file.name}: not JSON`)
  }
  const rows: ImportRow[] = []
  const profiles: Record<string, ProfileSource> = {}
  const needs: ImportedList['needs'][number][] = []
  const placeholder = { M: 0, WS: 0, BS: 0, S: 0, T: 0, W: 1, I: 0, A: 0, Ld: 0 }
  const units = data.units.map((unit, index) => {
    const id = `u${index + 1}`
    const stored = unit.profile ? undefined : context.libraryUnit?.(data.faction, unit.name)
    profiles[id] = unit.profile ? 'file' : stored ? 'library' : 'player'
    if (!unit.profile && !stored)
      needs.push({ unit: id, what: 'profile', text: `${unit.name}: the file has no stat line` })
    rows.push({
      path: `Core > ${unit.name}`,
      kind: 'unit',
      text: unit.name,
      status: unit.profile || stored ? 'mapped' : 'not-mapped',
      ...(unit.profile || stored ? { mappedTo: `${unit.name} (${profiles[id]})` } : { note: 'no profile' }),
      unit: id,
    })
    return {
      id,
      name: unit.name,
      troopType: 'infantry' as const,
      models: unit.models,
      profile: (unit.profile ?? stored?.unit.profile ?? placeholder) as typeof placeholder,
      gear: ['hand-weapon'],
      rules: [],
    }
  })
  return {
    format: 'owb',
    fileName: file.name,
    fileHash: context.fileHash,
    ruleset: context.ruleset.id,
    army: { name: data.name, faction: data.faction, points: null },
    units,
    profiles,
    needs,
    rows,
  }
}
