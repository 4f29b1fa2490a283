import { randomInt, randomUUID } from 'node:crypto'
import { createEngine, type Engine, type EngineState } from '../engine/driver.js'
import type { EngineEvent, GameState, OpenRequest, Outcome, Ruleset, StepResult } from '../engine/types.js'
import { canonicalJson } from '../events/canonical-json.js'
import type { EventEnvelope, UnchainedEvent } from '../events/envelope.js'
import { ArbiterError } from '../events/errors.js'
import type { EventType } from '../events/event-types.js'
import { gameEvents } from '../events/index.js'
import type { Explanation } from '../explain/explanation.js'
import { rulesets } from '../rules/index.js'
import { EventStore, type GameSummary } from '../store/event-store.js'
import { parseAndVerifyJsonl, toJsonl } from '../store/jsonl.js'
import { sha256Hex } from '../store/sha256.js'

/** Bump when the fold's output for the same events changes, so stale snapshots are ignored. */
export const ENGINE_VERSION = 1
/** A snapshot is taken at most this many events apart, when no procedure is open. */
export const SNAPSHOT_INTERVAL = 1000
const IDLE_CHECKPOINT_MS = 250

export interface EventDraft {
  readonly type: string
  /** Defaults to the type's current version. */
  readonly v?: number
  readonly actor: string
  readonly payload: unknown
}

/** What one event did, as the UI and the CLI show it. */
export interface StepView {
  readonly seq: number
  readonly type: string
  readonly actor: string
  readonly outcomes: readonly Outcome[]
  readonly explanation: Explanation | null
  /** Requests this event opened. */
  readonly requests: readonly OpenRequest[]
}

export interface GameView {
  readonly gameId: string
  readonly seq: number
  readonly state: GameState
  /** The rolls and choices the table owes now, oldest first. */
  readonly openRequests: readonly OpenRequest[]
}

export interface NewGame {
  readonly ruleset: string
  readonly variant?: string
  readonly players: readonly { readonly id: string; readonly name: string }[]
  readonly title?: string
  readonly scenario?: string
  readonly actor: string
}

export interface ApiOptions {
  /** ISO time stamped on each new event; the engine never reads it. */
  readonly clock?: () => string
  /** Faces for app-rolled dice; node:crypto by default. */
  readonly rollDie?: (sides: number) => number
  /** Replay games whose catalogue differs from this Arbiter's, on purpose (a re-audit under newer rules). */
  readonly underCurrentRules?: boolean
}

/** The sha256 of a ruleset's catalogue: what GameCreated pins. */
export function catalogueHash(ruleset: Ruleset): string {
  return sha256Hex(canonicalJson(ruleset.catalogue))
}

export function rulesetOf(id: string): Ruleset {
  const ruleset = Object.hasOwn(rulesets, id) ? rulesets[id] : undefined
  if (!ruleset)
    throw new ArbiterError(
      'api/unknown-ruleset',
      `unknown ruleset "${id}" (this Arbiter knows ${Object.keys(rulesets).join(', ')})`,
    )
  return ruleset
}

const engines = new Map<string, { engine: Engine; hash: string }>()
function engineFor(ruleset: Ruleset): { engine: Engine; hash: string } {
  let entry = engines.get(ruleset.id)
  if (!entry) {
    entry = { engine: createEngine(ruleset), hash: catalogueHash(ruleset) }
    engines.set(ruleset.id, entry)
  }
  return entry
}

/**
 * The envelope as the engine takes it: payload validated and upcast to the current version.
 * Validated even when the row's hash was just verified: a verified hash proves the payload is what
 * was written, not that it is in its validated form. An import stores payloads as the file has
 * them (a unit without `gear` hashes fine; the schema's default fills it in here), and a schema
 * may gain a defaulted field without a new version; skipping would hand the engine those raw.
 */
export function toEngineEvent(envelope: EventEnvelope): EngineEvent {
  const payload = gameEvents.readPayload(envelope.type, envelope.v, envelope.payload)
  return {
    type: envelope.type,
    payload,
    seq: envelope.seq,
    actor: envelope.actor,
    gameId: envelope.gameId,
  } as EngineEvent
}

function rulesVersionOf(ruleset: string, variant: string, hash: string): string {
  return `${ruleset}/${variant}@${hash}`
}

/** The engine for a game, checked against the catalogue the game was created under. */
function engineForGame(ruleset: string, gameCatalogueHash: string, underCurrentRules: boolean): Engine {
  const { engine, hash } = engineFor(rulesetOf(ruleset))
  if (hash !== gameCatalogueHash && !underCurrentRules) {
    throw new ArbiterError(
      'api/catalogue-mismatch',
      `the game was played under ${ruleset} catalogue ${gameCatalogueHash.slice(0, 12)}, this Arbiter has ${hash.slice(0, 12)}; replay it under the current rules on purpose (--current-rules) to re-audit it`,
    )
  }
  return engine
}

/** Folds events through an engine, calling `onStep` for each; errors name the seq. */
export function foldEvents(
  engine: Engine,
  state: EngineState,
  events: Iterable<EventEnvelope>,
  onStep?: (step: StepResult, event: EventEnvelope) => void,
): EngineState {
  for (const envelope of events) {
    const result = engine.step(state, toEngineEvent(envelope))
    if (onStep) onStep(result, envelope)
  }
  return state
}

interface Session {
  readonly engine: Engine
  readonly state: EngineState
  lastSnapshotSeq: number
}

/**
 * The one surface the UI, the CLI and the hosts use. Async everywhere, so the store can move to
 * a worker without touching callers. Every write is validated, stepped through the engine, then
 * appended with the expected version; a refusal at any point writes nothing.
 */
export class GameApi {
  private readonly sessions = new Map<string, Session>()
  private readonly clock: () => string
  private readonly rollDie: (sides: number) => number
  private idleTimer: NodeJS.Timeout | null = null

  private constructor(
    readonly store: EventStore,
    private readonly options: ApiOptions,
  ) {
    this.clock = options.clock ?? (() => new Date().toISOString())
    this.rollDie = options.rollDie ?? ((sides) => randomInt(1, sides + 1))
  }

  static async open(file: string, options: ApiOptions & { mustExist?: boolean } = {}): Promise<GameApi> {
    return new GameApi(EventStore.open(file, { mustExist: options.mustExist ?? false }), options)
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.sessions.clear()
    this.store.close()
  }

  async listGames(): Promise<GameSummary[]> {
    return this.store.games()
  }

  async createGame(input: NewGame): Promise<{ gameId: string; step: StepView }> {
    const ruleset = rulesetOf(input.ruleset)
    const { engine, hash } = engineFor(ruleset)
    const variant = input.variant ?? ruleset.defaultVariant
    const payload = gameEvents.validateNew('GameCreated', 1, {
      ruleset: ruleset.id,
      variant,
      catalogueHash: hash,
      players: input.players,
      ...(input.title === undefined ? {} : { title: input.title }),
      ...(input.scenario === undefined ? {} : { scenario: input.scenario }),
    })
    const gameId = randomUUID()
    const draft: UnchainedEvent = {
      gameId,
      type: 'GameCreated',
      v: 1,
      at: this.clock(),
      actor: input.actor,
      rulesVersion: rulesVersionOf(ruleset.id, variant, hash),
      payload,
    }
    const state = engine.initialState()
    const result = engine.step(state, {
      type: 'GameCreated',
      payload,
      seq: 1,
      actor: input.actor,
      gameId,
    } as EngineEvent)
    const stored = this.store.createGame(
      {
        gameId,
        ruleset: ruleset.id,
        variant,
        catalogueHash: hash,
        createdAt: draft.at,
        ...(input.title === undefined ? {} : { title: input.title }),
      },
      draft,
    )
    this.sessions.set(gameId, { engine, state, lastSnapshotSeq: 0 })
    return { gameId, step: view(stored, result) }
  }

  /**
   * Appends one event. `expectedVersion` is the seq the writer last saw (default: the head);
   * a stale one is a `store/conflict` and nothing is written.
   */
  async append(gameId: string, draft: EventDraft, expectedVersion?: number): Promise<StepView> {
    const type = draft.type
    const v = draft.v ?? gameEvents.currentVersion(type)
    const payload = gameEvents.validateNew(type, v, draft.payload)
    if (type === 'GameCreated')
      throw new ArbiterError('api/game-exists', `GameCreated can only start a game; game ${gameId} has one`)
    const session = this.session(gameId)
    const game = session.state.game as GameState
    const expected = expectedVersion ?? game.seq
    if (expected !== game.seq) {
      throw new ArbiterError(
        'store/conflict',
        `game ${gameId} is at seq ${game.seq}, the writer expected ${expected}: reload and try again`,
      )
    }
    const seq = game.seq + 1
    let result: StepResult
    try {
      result = session.engine.step(session.state, { type, payload, seq, actor: draft.actor, gameId } as EngineEvent)
    } catch (error) {
      this.sessions.delete(gameId) // the step may have half-changed the state: rebuild it on next use
      throw error
    }
    let stored: EventEnvelope
    try {
      ;[stored] = this.store.append(gameId, expected, [
        {
          gameId,
          type,
          v,
          at: this.clock(),
          actor: draft.actor,
          rulesVersion: rulesVersionOf(game.ruleset, game.variant, game.catalogueHash),
          payload,
        },
      ]) as [EventEnvelope]
    } catch (error) {
      this.sessions.delete(gameId)
      throw error
    }
    this.maybeSnapshot(gameId, session)
    this.scheduleIdleCheckpoint()
    return view(stored, result)
  }

  /** Rolls the dice a request asks for with the app's CSPRNG and records them like physical ones. */
  async rollDice(gameId: string, requestId: string, actor: string): Promise<StepView> {
    const game = this.session(gameId).state.game as GameState
    const request = Object.hasOwn(game.requests, requestId) ? game.requests[requestId] : undefined
    if (!request) throw new ArbiterError('engine/no-such-request', `game ${gameId}: request "${requestId}" is not open`)
    if (request.kind !== 'dice')
      throw new ArbiterError('engine/wrong-answer', `request ${requestId} asks for a choice, not dice`)
    const faces = Array.from({ length: request.count }, () => this.rollDie(request.sides))
    return this.append(gameId, { type: 'DiceRolled', actor, payload: { requestId, faces, source: 'app' } })
  }

  /** The game at its head, or at `atSeq` (replayed from the nearest snapshot at or before it). */
  async openGame(gameId: string, atSeq?: number): Promise<GameView> {
    if (atSeq === undefined) {
      // A copy: the session's state moves on with the next append.
      return gameView(gameId, structuredClone(this.session(gameId).state.game as GameState))
    }
    const head = this.store.head(gameId).seq
    if (!Number.isInteger(atSeq) || atSeq < 1 || atSeq > head) {
      throw new ArbiterError('api/bad-seq', `game ${gameId} has events 1 to ${head}; there is no seq ${atSeq}`)
    }
    const { state } = this.load(gameId, atSeq)
    return gameView(gameId, state.game as GameState)
  }

  /** Replays a game from its first event, calling `onStep` for each step. */
  async replay(
    gameId: string,
    options: { verify?: boolean; onStep?: (step: StepView) => void } = {},
  ): Promise<GameView> {
    const { engine } = this.engineOf(gameId)
    const state = engine.initialState()
    const onStep = options.onStep
    foldEvents(
      engine,
      state,
      this.store.readEvents(gameId, { verify: options.verify ?? false }),
      onStep ? (result, event) => onStep(view(event, result)) : undefined,
    )
    return gameView(gameId, state.game as GameState)
  }

  async verifyGame(
    gameId: string,
  ): Promise<{ ok: true; events: number } | { ok: false; seq: number; problem: string }> {
    return this.store.verifyGame(gameId)
  }

  async exportGame(gameId: string): Promise<string> {
    return toJsonl(this.store.readEvents(gameId, { verify: true }))
  }

  /**
   * Takes an exported game back: the chain is verified, every payload validated and the whole
   * game replayed before anything is written; the first bad line is named.
   */
  async importGame(text: string): Promise<{ gameId: string; events: number }> {
    const parsed = parseAndVerifyJsonl(text)
    if (!parsed.ok) throw new ArbiterError('import/bad-line', parsed.problem)
    const events = parsed.events
    const first = events[0]
    if (first?.type !== 'GameCreated')
      throw new ArbiterError('import/bad-line', 'line 1: an exported game starts with GameCreated')
    const created = gameEvents.readPayload(first.type, first.v, first.payload) as {
      ruleset: string
      variant: string
      catalogueHash: string
      title?: string
    }
    const engine = engineForGame(created.ruleset, created.catalogueHash, this.options.underCurrentRules ?? false)
    const state = engine.initialState()
    const rulesVersion = rulesVersionOf(created.ruleset, created.variant, created.catalogueHash)
    events.forEach((envelope, index) => {
      try {
        if (envelope.rulesVersion !== rulesVersion)
          throw new ArbiterError(
            'import/rules-version',
            `rulesVersion ${envelope.rulesVersion} differs from the game's ${rulesVersion}`,
          )
        engine.step(state, toEngineEvent(envelope))
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        throw new ArbiterError('import/bad-line', `line ${index + 1} (seq ${envelope.seq}): ${message}`)
      }
    })
    this.store.importGame(
      {
        gameId: first.gameId,
        ruleset: created.ruleset,
        variant: created.variant,
        catalogueHash: created.catalogueHash,
        createdAt: first.at,
        ...(created.title === undefined ? {} : { title: created.title }),
      },
      events,
    )
    return { gameId: first.gameId, events: events.length }
  }

  /**
   * The engine a game replays under, from its hashed GameCreated (not from the games table, which
   * is a mutable index): its ruleset, and its catalogue checked against this Arbiter's.
   */
  private engineOf(gameId: string): { engine: Engine; catalogueHash: string } {
    const [first] = [...this.store.readEvents(gameId, { toSeq: 1 })]
    if (!first) throw new ArbiterError('store/unknown-game', `there is no game ${gameId}`)
    const created = gameEvents.readPayload(first.type, first.v, first.payload) as {
      ruleset: string
      catalogueHash: string
    }
    return {
      engine: engineForGame(created.ruleset, created.catalogueHash, this.options.underCurrentRules ?? false),
      catalogueHash: created.catalogueHash,
    }
  }

  /** The live fold at the game's head, rebuilt from the nearest snapshot when needed. */
  private session(gameId: string): Session {
    let session = this.sessions.get(gameId)
    const head = this.store.head(gameId).seq
    if (!session || (session.state.game?.seq ?? 0) !== head) {
      session = this.load(gameId, head)
      this.sessions.set(gameId, session)
    }
    return session
  }

  private load(gameId: string, toSeq: number): Session {
    const { engine } = this.engineOf(gameId)
    const key = sessionSnapshotKey(engine)
    const snapshot = this.store.latestSnapshot(gameId, toSeq, key)
    const state = snapshot ? engine.restore(snapshot.stateJson) : engine.initialState()
    foldEvents(engine, state, this.store.readEvents(gameId, { fromSeq: (snapshot?.seq ?? 0) + 1, toSeq }))
    return { engine, state, lastSnapshotSeq: snapshot?.seq ?? 0 }
  }

  private maybeSnapshot(gameId: string, session: Session): void {
    const game = session.state.game as GameState
    if (game.seq - session.lastSnapshotSeq < SNAPSHOT_INTERVAL) return
    const json = session.engine.snapshot(session.state)
    if (json === null) return
    this.store.saveSnapshot(gameId, game.seq, sessionSnapshotKey(session.engine), json)
    session.lastSnapshotSeq = game.seq
  }

  /** WAL checkpoints run when the table has been quiet for a moment, never inside an append. */
  private scheduleIdleCheckpoint(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null
      this.store.checkpoint()
    }, IDLE_CHECKPOINT_MS)
    this.idleTimer.unref()
  }
}

/** The key snapshots are stored under: stale engines and other catalogues never read them. */
export function snapshotKey(hash: string): string {
  return `engine-${ENGINE_VERSION}@${hash}`
}

/**
 * The key of the snapshots a session reads and writes: that of the catalogue its engine runs, which
 * is the game's own except under `underCurrentRules`, where a state folded under this Arbiter's
 * catalogue must not be filed (or found) as one folded under the game's.
 */
function sessionSnapshotKey(engine: Engine): string {
  return snapshotKey(engineFor(engine.ruleset).hash)
}

function view(envelope: EventEnvelope, result: StepResult): StepView {
  return {
    seq: envelope.seq,
    type: envelope.type as EventType,
    actor: envelope.actor,
    outcomes: result.outcomes,
    explanation: result.explanation,
    requests: result.requests,
  }
}

function gameView(gameId: string, state: GameState): GameView {
  const openRequests = Object.values(state.requests).sort((a, b) => a.openedAt - b.openedAt || a.id.localeCompare(b.id))
  return { gameId, seq: state.seq, state, openRequests }
}
