import type { EntryDefinition, ParamValue } from './catalogue.js'
import type { ActiveEffect } from './effects.js'
import { NO_PARAMS, type RulesetIndex, withParams } from './ruleset-index.js'
import type { GameState, UnitState } from './types.js'

type Params = Readonly<Record<string, ParamValue>>

/** How a unit holds an entry: with which params, through which active effect, and whether it is its own. */
export interface Holding {
  readonly params: Params
  readonly active: ActiveEffect | null
  readonly owned: boolean
}

/** Who holds what, as the timing points see it (DESIGN §4: rules, gear, command slots, active effects, grants). */
export interface Holdings {
  /** What a unit holds of an entry: its rule's params, its gear's options, or an active effect's params. */
  holding(game: GameState, unit: UnitState, entry: EntryDefinition): Holding | null
  /** An entry a character who has joined the unit holds (for effects that cover his unit). */
  joinedHolding(unit: UnitState, entry: EntryDefinition): Holding | null
  /** An entry the unit a character joined holds, seen from the character's own view (`unitWide` effects). */
  hostHolding(game: GameState, view: UnitState, entry: EntryDefinition): Holding | null
  /**
   * The entries a unit holds of itself, or null when an active effect is on it: a unit holds an entry
   * (`holding`) only if it is among them, unless an active effect is on it.
   */
  selfHeld(game: GameState, unit: UnitState): ReadonlySet<string> | null
  /** Whether `unit` holds the entry `id` (for procedures and for effects alike). */
  holdsIn(game: GameState, unit: UnitState, id: string): boolean
  /** Whether any unit of the game holds the entry (its list, characters', command slots, an active effect, a grant). */
  holdsAnywhere(game: GameState, id: string): boolean
  /** New units were mustered: what they list is added to the game-wide list. */
  unitsListed(game: GameState, units: readonly UnitState[]): void
  /** The units of a game that are characters or have characters with them (mustered so), in the game's order. */
  characterUnits(game: GameState): readonly UnitState[]
  /** Mustered units were taken back out: the game-wide list is made again when next asked. */
  forgetGameListing(game: GameState): void
}

/** What a unit lists and holds of itself, made once a unit (its rules and gear never change) and kept beside it. */
function createUnitLists(entries: RulesetIndex['entries']) {
  /**
   * The entries a unit's list names, by id, with the list's parameters (its rules first, then its
   * gear): made once a unit, as a unit's rules and gear never change, where every timing point asks.
   */
  const listedByUnit = new WeakMap<UnitState, Map<string, Params>>()
  function listedEntries(unit: UnitState): Map<string, Params> {
    let listed = listedByUnit.get(unit)
    if (listed === undefined) {
      listed = new Map()
      for (const rule of unit.rules) if (!listed.has(rule.id)) listed.set(rule.id, rule.params)
      for (const gear of unit.gear) if (!listed.has(gear.id)) listed.set(gear.id, gear.options)
      listedByUnit.set(unit, listed)
    }
    return listed
  }

  /**
   * The entries a unit holds of itself: its list, its command slots and every entry they grant. Made once a unit
   * and command group (a slain champion leaves it), so a unit that holds an entry neither so nor through an active
   * effect is told at once (most entries a timing point asks about, most units hold neither way).
   */
  const selfHeldByUnit = new WeakMap<UnitState, { readonly command: UnitState['command']; readonly ids: Set<string> }>()
  function selfHeld(unit: UnitState): Set<string> {
    let held = selfHeldByUnit.get(unit)
    if (held === undefined || held.command !== unit.command) {
      const ids = new Set(listedEntries(unit).keys())
      for (const slot of ['champion', 'standard', 'musician'] as const) if (unit.command[slot]) ids.add(slot)
      const granting = [...ids]
      for (let id = granting.pop(); id !== undefined; id = granting.pop())
        for (const granted of entries.get(id)?.grants ?? [])
          if (!ids.has(granted)) {
            ids.add(granted)
            granting.push(granted)
          }
      held = { command: unit.command, ids }
      selfHeldByUnit.set(unit, held)
    }
    return held.ids
  }

  return { listedEntries, selfHeld }
}

/** What the units of a game list, as a whole: made when first asked, grown at each muster. */
function createGameLists(
  grantedBy: RulesetIndex['grantedBy'],
  listedEntries: (unit: UnitState) => Map<string, Params>,
) {
  /** Adds the entries a unit lists (rules, gear, characters', command slots) to a game's list. */
  function listUnit(listed: Set<string>, unit: UnitState): void {
    for (const entry of listedEntries(unit).keys()) listed.add(entry)
    for (const character of unit.characters) {
      for (const rule of character.rules) listed.add(rule.id)
      for (const gear of character.gear) listed.add(gear.id)
    }
    for (const slot of ['champion', 'standard', 'musician'] as const) if (unit.command[slot]) listed.add(slot)
  }

  /** The entries any unit of a game lists: made when first asked, grown at each muster. */
  const listedInGame = new WeakMap<GameState, Set<string>>()
  function holdsAnywhere(game: GameState, id: string): boolean {
    let listed = listedInGame.get(game)
    if (listed === undefined) {
      listed = new Set()
      for (const unitId in game.units) listUnit(listed, game.units[unitId] as UnitState)
      listedInGame.set(game, listed)
    }
    if (listed.has(id) || game.effects.some((active) => active.entry === id)) return true
    return (grantedBy.get(id) ?? []).some((granter) => holdsAnywhere(game, granter.id))
  }

  function unitsListed(game: GameState, units: readonly UnitState[]): void {
    const listed = listedInGame.get(game)
    if (listed !== undefined) for (const unit of units) listUnit(listed, unit)
    characterUnitsOf.delete(game)
  }

  /** The units of a game that are characters or have characters with them, in the game's order: made again after a muster. */
  const characterUnitsOf = new WeakMap<GameState, readonly UnitState[]>()
  // ...and after a character joined or left a unit (the seq of the last, kept beside the list).
  const madeAfter = new WeakMap<GameState, number | undefined>()
  function characterUnits(game: GameState): readonly UnitState[] {
    let units = characterUnitsOf.get(game)
    if (units === undefined || madeAfter.get(game) !== game.rosterChangedAt) {
      madeAfter.set(game, game.rosterChangedAt)
      const found: UnitState[] = []
      for (const unitId in game.units) {
        const unit = game.units[unitId] as UnitState
        if (unit.character || unit.characters.length > 0) found.push(unit)
      }
      units = found
      characterUnitsOf.set(game, units)
    }
    return units
  }

  return {
    holdsAnywhere,
    unitsListed,
    characterUnits,
    forgetGameListing: (game: GameState) => {
      listedInGame.delete(game)
      characterUnitsOf.delete(game)
    },
  }
}

export function createHoldings(index: RulesetIndex): Holdings {
  const { entries, grantedBy } = index
  const { listedEntries, selfHeld } = createUnitLists(entries)
  const gameLists = createGameLists(grantedBy, listedEntries)

  /** The params of an entry a unit holds as a rule, gear or command-group slot, or null. */
  function holdingOwn(unit: UnitState, entry: EntryDefinition, own: Params): Params | null {
    const listed = listedEntries(unit).get(entry.id)
    if (listed !== undefined) return withParams(own, listed)
    // Command-group slots name their catalogue entries (champion, standard, musician).
    if (Object.hasOwn(unit.command, entry.id) && unit.command[entry.id as keyof UnitState['command']]) return own
    return null
  }

  /** Whether an active effect is on the unit (or on the unit a character joined). */
  function activeOn(game: GameState, unit: UnitState): boolean {
    for (const active of game.effects) if (active.unit === unit.id || active.unit === unit.joinedTo) return true
    return false
  }

  function holding(game: GameState, unit: UnitState, entry: EntryDefinition): Holding | null {
    if (!selfHeld(unit).has(entry.id) && !activeOn(game, unit)) return null
    const own = entry.params ?? NO_PARAMS
    const owned = holdingOwn(unit, entry, own)
    // An active effect adds its params over what the unit holds (a Fear causer's failed Fear test against Terror).
    for (const active of game.effects)
      if ((active.unit === unit.id || active.unit === unit.joinedTo) && active.entry === entry.id)
        return { params: withParams(owned ?? own, active.params), active, owned: owned !== null }
    if (owned) return { params: owned, active: null, owned: true }
    // An entry another includes ("Terror causing models also cause Fear") is held with it.
    const granters = grantedBy.get(entry.id)
    if (granters)
      for (const granter of granters)
        if (holding(game, unit, granter)) return { params: own, active: null, owned: true }
    return null
  }

  function joinedHolding(unit: UnitState, entry: EntryDefinition): Holding | null {
    const own = entry.params ?? NO_PARAMS
    for (const character of unit.characters) {
      if (character.slain) continue
      for (const rule of character.rules)
        if (rule.id === entry.id) return { params: withParams(own, rule.params), active: null, owned: true }
      for (const gear of character.gear)
        if (gear.id === entry.id) return { params: withParams(own, gear.options), active: null, owned: true }
    }
    // An entry another includes is held with it by a joined character too (a Terror character causes Fear).
    for (const granter of grantedBy.get(entry.id) ?? [])
      if (joinedHolding(unit, granter)) return { params: own, active: null, owned: true }
    return null
  }

  function hostHolding(game: GameState, view: UnitState, entry: EntryDefinition): Holding | null {
    const host = view.joinedTo === undefined ? undefined : game.units[view.joinedTo]
    const params = host ? holdingOwn(host, entry, entry.params ?? NO_PARAMS) : null
    return params ? { params, active: null, owned: true } : null
  }

  function holdsIn(game: GameState, unit: UnitState, id: string): boolean {
    const entry = entries.get(id)
    return entry !== undefined && holding(game, unit, entry) !== null
  }

  return {
    ...gameLists,
    selfHeld: (game, unit) => (activeOn(game, unit) ? null : selfHeld(unit)),
    holding,
    joinedHolding,
    hostHolding,
    holdsIn,
  }
}
