import type { TroopTemplate } from '../engine/types.js'
import type { UnitDefinitionInput } from '../events/event-types.js'
import type { ImportedList } from '../lists/types.js'
import type { EventStore } from '../store/event-store.js'
import type { LibraryEntry } from './game-api-contract.js'
import {
  decodeListBytes,
  type ExportedList,
  exportArmyList,
  importListFile,
  libraryUnitsOf,
  saveLibraryUnit,
  troopsOf,
} from './lists.js'

/**
 * LocalGameApi's army-list methods (issue 20; core/api/lists.ts does the work): the list file read, the unit
 * library, the ready troops by army. A base class so that game-api.ts keeps to the games.
 */
export abstract class ListMethods {
  abstract readonly store: EventStore
  protected abstract readonly clock: () => string

  async troops(ruleset: string, army?: string): Promise<TroopTemplate[]> {
    return troopsOf(ruleset, army)
  }

  async importList(ruleset: string, fileName: string, bytesBase64: string): Promise<ImportedList> {
    const bytes = decodeListBytes(fileName, bytesBase64)
    return importListFile(ruleset, fileName, bytes, (id, army, name) => this.store.libraryUnit(id, army, name))
  }

  async saveLibraryUnit(
    ruleset: string,
    faction: string | null,
    unit: UnitDefinitionInput,
    source: string,
  ): Promise<LibraryEntry> {
    return saveLibraryUnit(this.store, { ruleset, faction, unit, source, at: this.clock() })
  }

  async exportArmy(gameId: string, player: string): Promise<ExportedList> {
    return exportArmyList(this.store, gameId, player)
  }

  async libraryUnits(ruleset: string, faction?: string): Promise<LibraryEntry[]> {
    return libraryUnitsOf(this.store, ruleset, faction)
  }
}
