/**
 * The benchmark's game: a long classic close-combat slog between two armies that keep sending
 * fresh units in. Mostly MeleeAttacksDeclared followed by the to-hit, to-wound and armour-save
 * DiceRolled answers (physical faces from a seeded generator), with a TurnStarted / PhaseStarted
 * every few attacks, an ArmyMustered whenever a side runs short of fighting units, and the odd
 * Note. Deterministic: the same seed plays the same game.
 */
import type { EventDraft } from '../../core/api/index.js'
import type { GameState, UnitState } from '../../core/engine/index.js'
import type { UnitDefinitionInput as UnitDefinition } from '../../core/events/index.js'

export const PLAYERS = [
  { id: 'druchii', name: 'Druchii raiders' },
  { id: 'orcs', name: 'Orc warband' },
] as const

/** Models in each mustered unit: a horde, so a unit lasts a few hundred events. */
const UNIT_MODELS = 100
/** A side with fewer fighting units than this musters a fresh one. */
const UNITS_IN_FIGHT = 3
/** A unit with fewer models than this is no longer counted as fighting. */
const MIN_MODELS = 5
const ATTACKS_PER_TURN = 6
/** The game's agreed length, turns each: the most GameCreated takes, so a long game has room for its turns. */
export const BENCH_TURNS = 100
/**
 * Events an attack takes at the least (its declaration and its to-hit roll, when every blow misses): a long game's
 * attacks are spread over its turns by this, so that they never need more turns than the game was agreed at.
 */
const EVENTS_PER_ATTACK = 2
const NOTE_EVERY = 50

/** mulberry32: a small, fast, seeded generator. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function unitFor(player: string, n: number): UnitDefinition {
  const profile = (
    M: number,
    WS: number,
    BS: number,
    S: number,
    T: number,
    W: number,
    I: number,
    A: number,
    Ld: number,
  ) => ({ M, WS, BS, S, T, W, I, A, Ld })
  return player === 'druchii'
    ? {
        id: `warriors-${n}`,
        name: `Dark Elf Warriors ${n}`,
        troopType: 'infantry',
        models: UNIT_MODELS,
        profile: profile(5, 4, 4, 3, 3, 1, 5, 1, 8),
        gear: ['hand-weapon', 'light-armour', 'shield'],
        rules: [],
      }
    : {
        id: `boyz-${n}`,
        name: `Orc Boyz ${n}`,
        troopType: 'infantry',
        models: UNIT_MODELS,
        profile: profile(4, 3, 3, 3, 4, 1, 2, 1, 7),
        gear: ['hand-weapon', 'light-armour'],
        rules: [],
      }
}

/** Decides the next event from the game as it stands. */
export class CombatScript {
  private readonly random: () => number
  private mustered = 0
  private playerTurns = 0
  private attacksThisTurn: number
  /** Attacks in a player turn: six, or more in a game too long for its turns to hold six each. */
  private readonly attacksPerTurn: number
  private nextAttacker = 0
  private sinceNote = 0
  private needPhase = false
  /**
   * Each player's mustered units that may still fight, in muster order (the order of game.units).
   * Looking only at these keeps a step O(1) however many units the game has seen; models only go
   * down, so a unit that has left the fight never comes back.
   */
  private readonly inFight = new Map<string, string[]>()

  /** `events`: how long the game will be, so that its player turns fit the game's agreed length. */
  constructor(seed = 20260430, events = 0) {
    this.random = seededRandom(seed)
    const playerTurns = 2 * BENCH_TURNS
    this.attacksPerTurn = Math.max(ATTACKS_PER_TURN, Math.ceil(events / playerTurns / EVENTS_PER_ATTACK))
    this.attacksThisTurn = this.attacksPerTurn
  }

  private int(lo: number, hi: number): number {
    return lo + Math.floor(this.random() * (hi - lo + 1))
  }

  private fighting(game: GameState, player: string): UnitState[] {
    // A unit mustered by the last draft but not yet applied is kept for the next call.
    const ids = (this.inFight.get(player) ?? []).filter((id) => (game.units[id]?.models ?? MIN_MODELS) >= MIN_MODELS)
    this.inFight.set(player, ids)
    return ids.flatMap((id) => game.units[id] ?? [])
  }

  next(game: GameState): EventDraft {
    const open = Object.values(game.requests).sort((a, b) => a.openedAt - b.openedAt || a.id.localeCompare(b.id))[0]
    if (open) {
      if (open.kind !== 'dice') throw new Error(`bench script: unexpected ${open.kind} request ${open.id}`)
      const faces = Array.from({ length: open.count }, () => this.int(1, open.sides))
      return { type: 'DiceRolled', actor: open.roller, payload: { requestId: open.id, faces, source: 'physical' } }
    }
    for (const player of PLAYERS) {
      if (this.fighting(game, player.id).length < UNITS_IN_FIGHT) {
        this.mustered += 1
        const unit = unitFor(player.id, this.mustered)
        this.inFight.set(player.id, [...(this.inFight.get(player.id) ?? []), unit.id])
        return {
          type: 'ArmyMustered',
          actor: player.id,
          payload: { player: player.id, units: [unit] },
        }
      }
    }
    if (this.attacksThisTurn >= this.attacksPerTurn) {
      this.attacksThisTurn = 0
      this.needPhase = true
      const player = PLAYERS[this.playerTurns % 2]!.id
      const turn = Math.floor(this.playerTurns / 2) + 1
      this.playerTurns += 1
      return { type: 'TurnStarted', actor: player, payload: { turn, player } }
    }
    if (this.needPhase) {
      this.needPhase = false
      return { type: 'PhaseStarted', actor: game.activePlayer ?? PLAYERS[0].id, payload: { phase: 'close-combat' } }
    }
    this.sinceNote += 1
    if (this.sinceNote >= NOTE_EVERY) {
      this.sinceNote = 0
      return {
        type: 'Note',
        actor: game.activePlayer ?? PLAYERS[0].id,
        payload: {
          text: `turn ${game.turn}: the fighting in the centre goes on; ${Object.keys(game.units).length} units have been committed.`,
        },
      }
    }
    const side = PLAYERS[this.nextAttacker % 2]!.id
    const other = PLAYERS[(this.nextAttacker + 1) % 2]!.id
    this.nextAttacker += 1
    this.attacksThisTurn += 1
    const attackers = this.fighting(game, side)
    const targets = this.fighting(game, other)
    const attacker = attackers[this.int(0, attackers.length - 1)]!
    const target = targets[this.int(0, targets.length - 1)]!
    const models = Math.min(attacker.models, this.int(5, 10))
    return { type: 'MeleeAttacksDeclared', actor: side, payload: { attacker: attacker.id, target: target.id, models } }
  }
}
