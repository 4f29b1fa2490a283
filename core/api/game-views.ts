import type { CatalogueEntry, EntryDefinition } from '../engine/catalogue.js'
import type { Engine } from '../engine/driver.js'
import { paramKindsOf } from '../engine/muster-check.js'
import type { GameState, OpenRequest, Ruleset, StepResult } from '../engine/types.js'
import { ArbiterError } from '../events/errors.js'
import type { EventType } from '../events/event-types.js'
import type { FoldedEvent } from '../store/event-store.js'
import { declarableNow } from './declarable.js'
import type { GameStatus, GameView, RuleEntry, StepView } from './game-api-contract.js'
import { engineFor } from './rulesets.js'

/**
 * The key snapshots are stored under: the rules identity that folded them, which changes with the
 * catalogue and with the code of the rules, so a snapshot of other rules (or of rules since changed)
 * is never read.
 */
export function snapshotKey(hash: string): string {
  return `rules@${hash}`
}

/**
 * The key of a game's waypoints: a snapshot every SNAPSHOT_INTERVAL events or so, all kept (the
 * snapshots under `snapshotKey` are the newest few, for the head), so an open at any seq starts
 * near it.
 */
export function waypointKey(snapshotKey: string): string {
  return `${snapshotKey}#waypoint`
}

/**
 * The key of the snapshots a session reads and writes: that of the catalogue its engine runs, which
 * is the game's own except under `underCurrentRules`, where a state folded under this Arbiter's
 * catalogue must not be filed (or found) as one folded under the game's.
 */
export function sessionSnapshotKey(engine: Engine): string {
  return snapshotKey(engineFor(engine.ruleset).hash)
}

/** The refusal of a read that shows a game whose chain does not hold. */
export function brokenGame(gameId: string, seq: number, problem: string): ArbiterError {
  return new ArbiterError(
    'store/chain-broken',
    `game ${gameId} does not verify, so it is not shown: seq ${seq}: ${problem}`,
  )
}

const definitionMaps = new WeakMap<Ruleset, ReadonlyMap<string, EntryDefinition>>()
/** A ruleset's entry definitions by id (with the code that reads their parameters). */
export function definitionsOf(ruleset: Ruleset): ReadonlyMap<string, EntryDefinition> {
  let map = definitionMaps.get(ruleset)
  if (!map) {
    map = new Map(ruleset.definitions.map((entry) => [entry.id, entry]))
    definitionMaps.set(ruleset, map)
  }
  return map
}

export function view(envelope: FoldedEvent, result: StepResult): StepView {
  return {
    seq: envelope.seq,
    type: envelope.type as EventType,
    actor: envelope.actor,
    ...(envelope.host === undefined ? {} : { host: envelope.host }),
    payload: envelope.payload,
    outcomes: result.outcomes,
    explanation: result.explanation,
    requests: result.requests,
  }
}

export function ruleEntry(entry: CatalogueEntry, definition: EntryDefinition | undefined): RuleEntry {
  return {
    id: entry.id,
    name: entry.name,
    kind: entry.kind,
    text: entry.text,
    clauses: entry.clauses,
    params: entry.params ?? {},
    paramKinds: definition ? paramKindsOf(definition) : {},
    enforcement: entry.enforcement,
  }
}

export function openRequestsOf(state: GameState): OpenRequest[] {
  return Object.values(state.requests).sort((a, b) => a.openedAt - b.openedAt || a.id.localeCompare(b.id))
}

/** The game at `state.seq`, with the hash of the event there (the head a player notes and signs). */
export function gameView(gameId: string, state: GameState, hash: string): GameView {
  return { gameId, seq: state.seq, hash, state, openRequests: openRequestsOf(state) }
}

/** Where a live game stands; its requests are copied (the live state moves on with the next append). */
export function statusOf(gameId: string, ruleset: Ruleset, state: GameState): GameStatus {
  return {
    gameId,
    seq: state.seq,
    turn: state.turn,
    activePlayer: state.activePlayer,
    phase: state.phase,
    openRequests: structuredClone(openRequestsOf(state)),
    canDeclare: declarableNow(ruleset, state),
  }
}
