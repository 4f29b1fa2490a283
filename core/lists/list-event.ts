import { LIST_ROWS_KEPT, LIST_TEXT_KEPT } from '../events/list-events.js'
import type { ImportedList, ImportRow } from './types.js'

/** Text cut to what a ListImported keeps, with "…" where it was cut. */
function kept(text: string, max = LIST_TEXT_KEPT): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

function keptRow(row: ImportRow): ImportRow {
  return {
    path: kept(row.path),
    kind: row.kind,
    text: kept(row.text),
    status: row.status,
    ...(row.mappedTo === undefined ? {} : { mappedTo: kept(row.mappedTo) }),
    ...(row.note === undefined ? {} : { note: kept(row.note) }),
    ...(row.unit === undefined ? {} : { unit: kept(row.unit, 200) }),
  }
}

/**
 * The ListImported payload (core/events/list-events.ts) of a list as `importList` read it, for `player`: the file's
 * name, format and sha256, the army, and the import report's rows, profile sources and needs. Texts longer than a
 * ListImported keeps are cut with "…"; a report of more rows than it keeps ends with one row that says how many
 * were left out, so nothing is dropped without a word.
 */
export function listImportedPayload(player: string, list: ImportedList) {
  const rows = list.rows.length <= LIST_ROWS_KEPT ? list.rows : list.rows.slice(0, LIST_ROWS_KEPT - 1)
  const left = list.rows.length - rows.length
  const leftOut: ImportRow[] =
    left === 0
      ? []
      : [
          {
            path: list.fileName,
            kind: 'army',
            text: `${left} more rows`,
            status: 'not-mapped',
            note: 'not kept in the game record',
          },
        ]
  return {
    player,
    file: { name: kept(list.fileName, 255), format: list.format, sha256: list.fileHash },
    army: {
      name: kept(list.army.name, 200),
      faction: list.army.faction === null ? null : kept(list.army.faction, 200),
      points: list.army.points,
    },
    rows: [...rows.map(keptRow), ...leftOut],
    profiles: { ...list.profiles },
    needs: list.needs.map((need) => ({ unit: kept(need.unit, 200), what: need.what, text: kept(need.text) })),
  }
}
