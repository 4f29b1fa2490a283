import type { Explanation } from '../explain/explanation.js'
import type { ActiveEffect } from './effects.js'
import { RuleError } from './errors.js'
import { joinUnit, leaveUnit } from './joining.js'
import type { AfterCombatMove, CombatState, CombatUnit, GameState, MagicState, ModelRef, UnitState } from './types.js'

/**
 * What procedures decide (DESIGN §3): typed outcomes. Procedures never change the state; one
 * `evolve` applies each outcome, so an audit or a what-if is a plain fold over the same outcomes.
 */
export interface OutcomeValues {
  attacks: { attacks: number }
  hits: { attacks: number; need: number | null; hits: number }
  wounds: { hits: number; need: number | null; wounds: number }
  casualties: { unit: string; unsaved: number; removed: number; modelsLeft: number; woundsOnNextModel: number }
  'combat-joined': {
    combat: string
    sides: { player: string; units: CombatUnit[] }[]
  }
  /** A unit joins a combat under way on the side of `player` (its charge reached a unit in it, or the table says). */
  'combat-unit-joined': { combat: string; player: string; unit: CombatUnit }
  'round-started': { combat: string; round: number; turn: number; player: string | null }
  'strike-order': { combat: string; round: number; steps: string[][] }
  'combat-result': {
    combat: string
    round: number
    scores: Record<string, number>
    winner: string | null
    difference: number
  }
  /**
   * A break test: passed or failed; where the ruleset grades it (The Old World), `result` says how it ended, and
   * `stubborn` that the unit skipped it (no roll, no Leadership). Counted on the unit (`breakTests`).
   */
  'break-test': {
    unit: string
    passed: boolean
    roll: number | null
    leadership: number | null
    result?: 'give-ground' | 'fall-back' | 'break'
    stubborn?: boolean
  }
  fled: { unit: string; roll: number }
  'restraint-test': { unit: string; passed: boolean; roll: number; leadership: number }
  pursued: { unit: string; roll: number }
  /** A winner still in contact with an enemy that held: it stays and does not pursue. */
  'pursuit-held': { unit: string; heldBy: string }
  /**
   * A unit that wiped out its enemy in its charge moves on `roll` inches; `combat` names the combat it leaves when that
   * combat goes on without it (its foes in contact all destroyed, others still fighting).
   */
  overran: { unit: string; roll: number; combat?: string }
  /** A winner that did not pursue reforms: `files` is its new frontage (the rank bonus counts it). */
  reformed: { unit: string; files: number }
  caught: { unit: string; by: string; modelsLost: number }
  escaped: { unit: string; roll: number }
  'charge-declared': { unit: string; target: string; distance: number }
  'charge-response': { unit: string; charger: string; response: 'hold' | 'stand-and-shoot' | 'flee' }
  'charge-result': { unit: string; target: string; reached: boolean; range: number; distance: number; moved: number }
  'terror-test': { unit: string; passed: boolean; roll: number; leadership: number }
  'move-checked': { unit: string; move: string; distance: number; limit: number; legal: boolean }
  'scout-order': { first: string }
  'scout-deployed': { unit: string; player: string }
  'character-revealed': { unit: string; character: string }
  'character-lost': { unit: string; character: string }
  /** A lone character joins a friendly unit; `leaveUnit` makes it a unit of one again under the same id. */
  'character-joined': { character: string; unit: string }
  'character-left': { unit: string; character: string }
  'round-ended': { combat: string; round: number }
  'combat-ended': { combat: string; round: number }
  'effect-started': { effect: ActiveEffect }
  'effect-ended': { effect: string; entry: string; unit: string; why: string }
  /** The magic phase's dice and casts as they stand now (the Winds of Magic, dice spent, a caster done). */
  'magic-dice': { magic: MagicState }
  'casting-roll': {
    caster: string
    spell: string
    faces: number[]
    total: number
    need: number
    result:
      | 'cast'
      | 'failed'
      | 'irresistible'
      | 'miscast'
      | 'irresistible-miscast'
      // The Old World: a natural double 6, cast whatever the casting value and beyond dispelling.
      | 'perfect-invocation'
  }
  'dispel-roll': { spell: string; faces: number[]; total: number; need: number; dispelled: boolean }
  miscast: { caster: string; roll: number }
  /** A model gains Wounds above what it has (Soul Stealer); `wounds`: what it has now. */
  'wounds-gained': { unit: string; character: string | null; gained: number; wounds: number }
  /** A Fear, Panic, Stupidity or rally test; `roll` null when none was rolled (auto-passed, cannot rally). */
  'psychology-test': {
    unit: string
    test: 'fear' | 'panic' | 'stupidity' | 'rally'
    passed: boolean
    roll: number | null
    leadership: number | null
    /** The phase it belongs to (`turn/player/phase`): one test of each kind per unit per phase. */
    phase: string
    /** Passed without a roll: the General's choice, or an immunity (which is no test taken). */
    auto?: 'general' | 'immune'
  }
  rallied: { unit: string }
  /** Wounds a unit ignored by Regeneration: its models and wounds as if they had not been suffered. */
  regenerated: {
    unit: string
    rolled: number
    regenerated: number
    modelsLeft: number
    woundsOnNextModel: number
  }
  /** A winner that must pursue (Hatred): no choice and no restraint test. */
  'pursuit-forced': { unit: string; quarry: string[] }
  /** A one-use item used up (Potion of Strength), remembered for the rest of the game. */
  'item-used': { unit: string; item: string; character: string | null; turn: number }
  'champion-wounded': { unit: string; unsaved: number; woundsLost: number; slain: boolean; modelsLeft: number }
  'character-wounded': { unit: string; character: string; unsaved: number; woundsLost: number; slain: boolean }
  /** Wounds on a lone rider's monster, recorded apart from the rider's (classic/mounts §ridden-monster). */
  'mount-wounded': { unit: string; unsaved: number; woundsLost: number; slain: boolean }
  /** A ridden monster's rider is slain and the monster fights on as the unit, with its own profile (classic). */
  'rider-slain': { unit: string; monster: string }
  /** Shooting hits on a lone rider's monster, shared between monster and rider by a D6 each (classic/mounts). */
  'hits-split': { unit: string; monster: number; rider: number }
  /** A ridden monster's Monster Reaction test on its own Ld once its rider is slain (classic/mounts). */
  'monster-reaction': { unit: string; passed: boolean; roll: number; leadership: number }
  'challenge-issued': { combat: string; challenger: ModelRef }
  'challenge-accepted': { combat: string; by: ModelRef }
  'challenge-refused': { combat: string; refuser: ModelRef | null }
  'challenge-ended': { combat: string; why: string }
  'standard-lost': { unit: string }
  'standard-captured': { standard: string; by: string }
  'standard-removed': { standard: string; from: string | null; why: 'no-pursuit' | 'recaptured' }
  /** A loser that Gave Ground: it moves `distance` inches straight back and stays in the combat. */
  'gave-ground': { unit: string; combat: string; distance: number }
  /** A loser that Fell Back in Good Order: it flees `roll` inches (the higher of 2D6), leaves the combat, rallies. */
  'fell-back': { unit: string; combat?: string; roll: number }
  /** A winner that followed up a unit that gave ground: it stays in the combat, in contact. */
  'followed-up': { unit: string; combat: string }
  /** A pursuer that reached a unit which fell back in good order: not destroyed; the two fight again. */
  'pursuit-contact': { unit: string; by: string }
  /** A roll-off (Timber!'s arc): each player's D6, ties re-rolled; `rolls` by player, one list a roll-off. */
  'roll-off': { purpose: string; rolls: Record<string, number[]>; winner: string }
  /** A characteristic test on a D6 (Tree Whack's Initiative test): passed on `value` or less, 6 fails, 1 passes. */
  'characteristic-test': { unit: string; characteristic: string; value: number; roll: number; passed: boolean }
  /** A slain model topples (Timber!): towards `arc`, as `winner` chose; `units`: those in that arc, hit. */
  toppled: { unit: string; arc: 'front' | 'flank' | 'rear'; winner: string; units: string[] }
  /** What the table ruled for a unit (a Ruling about seq `about`): the fields given replace the rules' own. */
  'table-ruling': {
    unit: string
    about: number
    models?: number
    woundsOnNextModel?: number
    fleeing?: boolean
    /** What the rules had given the unit, as it stood before the ruling. */
    rules: { models: number; woundsOnNextModel: number; fleeing: boolean }
  }
}
export type OutcomeKind = keyof OutcomeValues

export type OutcomeInit = {
  [K in OutcomeKind]: {
    readonly kind: K
    readonly text: string
    readonly values: OutcomeValues[K]
    readonly explanation: Explanation
  }
}[OutcomeKind]
export type Outcome = OutcomeInit & { readonly seq: number }

type Evolver<K extends OutcomeKind> = (game: GameState, values: OutcomeValues[K], seq: number) => void

function unitIn(game: GameState, id: string, seq: number) {
  const unit = Object.hasOwn(game.units, id) ? game.units[id] : undefined
  if (!unit) throw new RuleError('engine/unknown-unit', `seq ${seq}: no unit "${id}" has been mustered`)
  return unit
}

const nothing = () => {}

/** The phase now, as `turn/player/phase` (psychology counts one test of a kind per unit per phase). */
/**
 * A phase's key, `turn/player/phase@seq`: the seq of the event that began it keeps it unique even
 * where a turn number is given twice, so "once a phase" rules and heavy casualties never mix phases.
 */
export function phaseKey(game: Pick<GameState, 'turn' | 'activePlayer' | 'phase' | 'phaseStartedAt'>): string {
  return `${game.turn}/${game.activePlayer ?? '-'}/${game.phase ?? '-'}@${game.phaseStartedAt ?? 0}`
}

/** Records what a winner did after its combat's break tests, this phase (pursuit-reached and reform checks read it). */
function markAfterCombat(game: GameState, unitId: string, move: AfterCombatMove, seq: number): void {
  const unit = unitIn(game, unitId, seq)
  unit.afterCombat = { phase: phaseKey(game), move }
  unit.changedAt = seq
}

/** Keeps the models a unit had when the phase began, at its first loss of the phase (Panic's heavy casualties). */
function keepPhaseStart(game: GameState, unit: GameState['units'][string]): void {
  const phase = phaseKey(game)
  if (unit.phaseStart?.phase === phase) return
  unit.phaseStart = { phase, models: unit.models }
  if (game.phaseLosses?.phase !== phase) game.phaseLosses = { phase, units: [] }
  game.phaseLosses.units.push(unit.id)
}

/** One handler per outcome kind; `satisfies` makes a new kind without a handler fail to compile. */
const evolvers = {
  attacks: nothing,
  hits: nothing,
  wounds: nothing,
  casualties(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    keepPhaseStart(game, unit)
    unit.models = values.modelsLeft
    unit.woundsOnNextModel = values.woundsOnNextModel
    unit.changedAt = seq
  },
  'combat-joined'(game, values, seq) {
    game.combats[values.combat] = {
      id: values.combat,
      sides: values.sides,
      round: 0,
      ended: false,
      joinedAt: seq,
      lastFought: null,
    }
  },
  'combat-unit-joined'(game, values) {
    const combat = game.combats[values.combat]
    if (!combat) return
    game.combats[values.combat] = {
      ...combat,
      sides: combat.sides.map((side) =>
        side.player === values.player ? { ...side, units: [...side.units, values.unit] } : side,
      ),
    }
  },
  'round-started'(game, values) {
    const combat = game.combats[values.combat]
    if (!combat) return
    combat.round = values.round
    combat.lastFought = { turn: values.turn, player: values.player }
  },
  'strike-order': nothing,
  'combat-result'(game, values) {
    const combat = game.combats[values.combat]
    if (combat) combat.lastWinner = values.winner
  },
  'break-test'(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    unit.breakTests = (unit.breakTests ?? 0) + 1
  },
  fled(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    unit.fleeing = true
    unit.fledAt = { turn: game.turn, player: game.activePlayer }
    unit.changedAt = seq
  },
  'restraint-test'(game, values, seq) {
    if (values.passed) markAfterCombat(game, values.unit, 'restrained', seq)
  },
  pursued(game, values, seq) {
    markAfterCombat(game, values.unit, 'pursued', seq)
  },
  'pursuit-held': nothing,
  overran(game, values, seq) {
    markAfterCombat(game, values.unit, 'overran', seq)
    const combat = values.combat === undefined ? undefined : game.combats[values.combat]
    if (combat)
      (combat as { sides: CombatState['sides'] }).sides = combat.sides.map((side) => ({
        ...side,
        units: side.units.filter((u) => u.unit !== values.unit),
      }))
  },
  reformed(game, values, seq) {
    unitIn(game, values.unit, seq).files = values.files
    markAfterCombat(game, values.unit, 'reformed', seq)
  },
  caught(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    keepPhaseStart(game, unit)
    unit.models = 0
    unit.woundsOnNextModel = 0
    // Characters with the unit are destroyed with it; a hidden one takes no harm, and is lost (as a
    // casualty) when the rules next look for it (classic/concealed §lost).
    for (const character of unit.characters) if (!character.concealed) character.slain = true
    unit.changedAt = seq
  },
  escaped: nothing,
  'charge-declared': nothing,
  'charge-response': nothing,
  'charge-result': nothing,
  'terror-test': nothing,
  'move-checked': nothing,
  'scout-order'(game, values) {
    game.scouts = { first: values.first, deployed: game.scouts?.deployed ?? [] }
  },
  'scout-deployed'(game, values) {
    game.scouts = { first: game.scouts?.first ?? null, deployed: [...(game.scouts?.deployed ?? []), values.unit] }
  },
  'character-revealed'(game, values, seq) {
    const character = unitIn(game, values.unit, seq).characters.find((c) => c.id === values.character)
    if (character) character.concealed = false
  },
  'character-lost'(game, values, seq) {
    const character = unitIn(game, values.unit, seq).characters.find((c) => c.id === values.character)
    if (character) {
      character.concealed = false
      character.slain = true
    }
  },
  'character-joined': joinUnit,
  'character-left': leaveUnit,
  // Durations that end with the round are expired by the driver when it sees this outcome.
  'round-ended': nothing,
  'combat-ended'(game, values) {
    const combat = game.combats[values.combat]
    if (combat) combat.ended = true
  },
  'effect-started'(game, values) {
    game.effects.push(values.effect)
  },
  'effect-ended'(game, values) {
    game.effects = game.effects.filter((effect) => effect.id !== values.effect)
  },
  'magic-dice'(game, values) {
    game.magic = values.magic
  },
  'casting-roll': nothing,
  'dispel-roll': nothing,
  miscast: nothing,
  'wounds-gained'(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    const character = values.character === null ? null : unit.characters.find((c) => c.id === values.character)
    // Wounds gained are wounds not lost: below 0 means above the profile's W.
    if (character) character.woundsLost -= values.gained
    else unit.woundsOnNextModel -= values.gained
    unit.changedAt = seq
  },
  'psychology-test'(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    unit.testedIn = { ...unit.testedIn, [values.test]: values.phase }
    if (values.test === 'panic' && values.auto !== 'immune') unit.panicTests = (unit.panicTests ?? 0) + 1
  },
  'table-ruling'(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    if (values.models !== undefined && values.models < unit.models) keepPhaseStart(game, unit)
    if (values.models !== undefined) unit.models = values.models
    if (values.woundsOnNextModel !== undefined) unit.woundsOnNextModel = values.woundsOnNextModel
    if (values.fleeing !== undefined) unit.fleeing = values.fleeing
    unit.changedAt = seq
  },
  rallied(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    unit.fleeing = false
    unit.changedAt = seq
  },
  regenerated(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    unit.models = values.modelsLeft
    unit.woundsOnNextModel = values.woundsOnNextModel
    unit.changedAt = seq
  },
  'pursuit-forced': nothing,
  'item-used'(game, values, seq) {
    game.itemsUsed = [...(game.itemsUsed ?? []), { ...values, seq }]
  },
  'champion-wounded'(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    unit.championWoundsLost = values.woundsLost
    unit.models = values.modelsLeft
    if (values.slain) unit.command = { ...unit.command, champion: false }
    unit.changedAt = seq
  },
  'character-wounded'(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    const character = unit.characters.find((c) => c.id === values.character)
    if (!character)
      throw new RuleError('engine/unknown-unit', `seq ${seq}: ${unit.name} has no character "${values.character}"`)
    character.woundsLost = values.woundsLost
    character.slain = values.slain
    unit.changedAt = seq
  },
  'hits-split': nothing,
  'monster-reaction': nothing,
  'mount-wounded'(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    if (!unit.mount) throw new RuleError('engine/unknown-unit', `seq ${seq}: ${unit.name} rides no mount`)
    unit.mount.woundsLost = values.woundsLost
    unit.changedAt = seq
  },
  'rider-slain'(game, values, seq) {
    const unit: { -readonly [K in keyof UnitState]: UnitState[K] } = unitIn(game, values.unit, seq)
    const mount = unit.mount
    if (!mount) throw new RuleError('engine/unknown-unit', `seq ${seq}: ${unit.name} rides no mount`)
    // The unit is the monster now: its name, profile, gear, rules and wounds; no character, no mount.
    unit.name = `${unit.name}'s ${mount.name}`
    unit.profile = mount.profile
    unit.gear = mount.gear
    unit.rules = mount.rules
    unit.character = false
    unit.riderSlain = true
    delete unit.mount
    unit.models = 1
    unit.woundsOnNextModel = mount.woundsLost ?? 0
    unit.changedAt = seq
  },
  'challenge-issued'(game, values, seq) {
    game.challenges ??= {}
    game.challenges[values.combat] = {
      combat: values.combat,
      challenger: values.challenger,
      issuedAt: seq,
      status: 'issued',
      answerer: null,
    }
  },
  'challenge-accepted'(game, values) {
    const challenge = game.challenges?.[values.combat]
    if (!challenge) return
    challenge.status = 'accepted'
    challenge.answerer = values.by
  },
  'challenge-refused'(game, values) {
    const challenge = game.challenges?.[values.combat]
    if (!challenge) return
    challenge.status = 'refused'
    challenge.answerer = values.refuser
  },
  'challenge-ended'(game, values) {
    if (game.challenges) delete game.challenges[values.combat]
  },
  'standard-lost'(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    unit.command = { ...unit.command, standard: false }
    unit.standardLostAt = seq
    unit.changedAt = seq
  },
  'standard-captured'(game, values, seq) {
    const owner = unitIn(game, values.standard, seq)
    owner.command = { ...owner.command, standard: false }
    const captor = unitIn(game, values.by, seq)
    captor.capturedStandards = [...(captor.capturedStandards ?? []), values.standard]
    captor.changedAt = seq
  },
  'roll-off': nothing,
  'characteristic-test': nothing,
  toppled: nothing,
  'standard-removed'(game, values, seq) {
    const owner = unitIn(game, values.standard, seq)
    owner.command = { ...owner.command, standard: false }
    if (values.from !== null) {
      const holder = unitIn(game, values.from, seq)
      holder.capturedStandards = (holder.capturedStandards ?? []).filter((id) => id !== values.standard)
      holder.changedAt = seq
    }
  },
  'gave-ground': nothing,
  'fell-back'(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    // It leaves the combat, and rallies at once: it is not fleeing afterwards.
    const combat = values.combat === undefined ? undefined : game.combats[values.combat]
    // Panic's fall back (The Old World) names no combat: it is remembered for the Panic it may cause nearby.
    unit.fellBackIn = phaseKey(game)
    if (combat)
      (combat as { sides: CombatState['sides'] }).sides = combat.sides.map((side) => ({
        ...side,
        units: side.units.filter((u) => u.unit !== values.unit),
      }))
    unit.fleeing = false
    unit.changedAt = seq
  },
  'followed-up'(game, values, seq) {
    markAfterCombat(game, values.unit, 'followed-up', seq)
  },
  'pursuit-contact': nothing,
} satisfies { [K in OutcomeKind]: Evolver<K> }

/** Applies one outcome to the state, in place (the fold's accumulator). */
export function evolve(game: GameState, outcome: Outcome): void {
  ;(evolvers[outcome.kind] as Evolver<OutcomeKind>)(game, outcome.values, outcome.seq)
}
