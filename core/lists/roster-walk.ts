import type { UnitDefinitionInput } from '../events/event-types.js'
import type { Roster, RosterForce, RosterSelection } from './roster-read.js'
import { CatalogueNames, describeMatch } from './roster-rules.js'
import { anchorOf, displayName, isUnit, pointsOf, type WalkContext, walkUnit } from './roster-unit.js'
import type { ImportContext, ImportedList, ListFile, ListFormat } from './types.js'

/**
 * A roster (BattleScribe's schema, from New Recruit's JSON or BattleScribe's XML) walked into the units a muster
 * takes: each top-level selection of a force that holds a model's stat line is a unit (a character when its
 * categories say so); its nested model selections give the model count, a nested model chosen as a mount (or any
 * second stat line under a character) is its mount, crew are reported; its upgrades and rules are matched onto
 * the ruleset's catalogue; its points are summed over the whole subtree, as Old World exports cost the models and
 * upgrades, not the unit. Every selection, profile and rule the file has becomes a row of the report.
 */

/** A force-level rule or a top-level choice with no model: army-wide, reported but held by no unit. */
function walkArmyWide(walk: WalkContext, force: RosterForce, forcePath: string): void {
  for (const rule of force.rules) {
    const anchor = anchorOf(rule, walk.publications)
    const match = walk.names.match(rule.name)
    walk.rows.push({
      path: `${forcePath} > ${rule.name}`,
      kind: 'rule',
      text: rule.name,
      status: 'not-mapped',
      note:
        `an army-wide rule${match ? ` (${describeMatch(match)})` : ''}: ` +
        'Arbiter keeps rules on units; give it to the units it applies to',
      ...(anchor ? { anchor } : {}),
    })
  }
}

function walkArmyChoice(walk: WalkContext, selection: RosterSelection, at: string): void {
  const match = walk.names.match(selection.name)
  walk.rows.push({
    path: at,
    kind: 'army',
    text: displayName(selection),
    status: 'not-mapped',
    note: `an army-wide choice${match ? ` (${describeMatch(match)})` : ''}: it belongs to no unit`,
  })
  for (const rule of selection.rules) {
    const anchor = anchorOf(rule, walk.publications)
    walk.rows.push({
      path: `${at} > ${rule.name}`,
      kind: 'rule',
      text: rule.name,
      status: 'not-mapped',
      note: 'the rule of an army-wide choice: give it to the units it applies to',
      ...(anchor ? { anchor } : {}),
    })
  }
  for (const child of selection.selections) walkArmyChoice(walk, child, `${at} > ${displayName(child)}`)
}

/** A roster read into an imported list: units, the report row by row, and what only the player can give. */
export function importRoster(roster: Roster, file: ListFile, format: ListFormat, context: ImportContext): ImportedList {
  const factions = [...new Set(roster.forces.map((force) => force.catalogueName).filter((name) => name !== ''))]
  const faction = factions.length > 0 ? factions.join(' / ') : null
  const walk: WalkContext = {
    context,
    names: new CatalogueNames(context.ruleset),
    faction,
    publications: roster.publications,
    rows: [],
    needs: [],
    profiles: {},
    usedIds: new Set(),
  }
  const units: UnitDefinitionInput[] = []
  let points: number | null = null
  for (const force of roster.forces) {
    const forcePath = force.name || force.catalogueName || 'Force'
    walkArmyWide(walk, force, forcePath)
    for (const selection of force.selections) {
      const selectionPoints = pointsOf(selection)
      if (selectionPoints !== undefined) points = (points ?? 0) + selectionPoints
      const at = `${forcePath} > ${displayName(selection)}`
      if (isUnit(selection)) units.push(walkUnit(walk, selection, forcePath))
      else walkArmyChoice(walk, selection, at)
    }
  }
  const name = roster.name || roster.forces[0]?.name || file.name
  walk.rows.unshift({
    path: name,
    kind: 'army',
    text: `${name}${faction ? ` (${faction})` : ''}${roster.gameSystemName ? `, ${roster.gameSystemName}` : ''}`,
    status: 'mapped',
    mappedTo: `${units.length} ${units.length === 1 ? 'unit' : 'units'}${points === null ? '' : `, ${points} points`}`,
  })
  return {
    format,
    fileName: file.name,
    fileHash: context.fileHash,
    ruleset: context.ruleset.id,
    army: { name, faction, points },
    units,
    profiles: walk.profiles,
    needs: walk.needs,
    rows: walk.rows,
  }
}
