import { type AuditReport, audit } from '../audit/audit.js'
import type { Engine, EngineState } from '../engine/driver.js'
import type { EngineEvent, GameState, Ruleset, StepResult, TroopTemplate } from '../engine/types.js'
import { canonicalJsonPieces } from '../events/canonical-json.js'
import { type EventEnvelope, envelopeLine, type UnchainedEvent } from '../events/envelope.js'
import { ArbiterError, ConflictError } from '../events/errors.js'
import { gameEvents } from '../events/index.js'
import { rulesets } from '../rules/index.js'
import {
  ChainBrokenError,
  EventStore,
  type FoldedEvent,
  type GameSummary,
  snapshotDigestOfPieces,
  type UnindexedGame,
} from '../store/event-store.js'
import { closingLine, parseAndVerifyJsonl } from '../store/jsonl.js'
import {
  type CorrectionPayload,
  type Corrections,
  checkCorrection,
  correctedView,
  correctionsOf,
  firstChangedBefore,
  freshSnapshot,
  importedCorrections,
  targetsOf,
  undoTarget,
} from './corrections.js'
import { createDemoGame } from './demo-game.js'
import {
  engineForGame,
  foldEvents,
  requireValidatedForm,
  rulesVersionOf,
  stepCorrected,
  toEngineEvent,
} from './fold.js'
import type {
  ChainCheck,
  EventDraft,
  ExportPage,
  GameApi,
  GameListing,
  GameStatus,
  GameView,
  NewGame,
  PageRequest,
  ReplayPage,
  RuleEntry,
  RulesetSummary,
  StepView,
  UndoOptions,
  WrittenStep,
} from './game-api-contract.js'
import {
  brokenGame,
  definitionsOf,
  gameView,
  ruleEntry,
  sessionSnapshotKey,
  snapshotKey,
  statusOf,
  view,
  waypointKey,
} from './game-views.js'
import { prepareArmy } from './muster-input.js'
import { randomFace } from './random.js'
import { rulesIdentity } from './rules-identity.js'
import { engineFor, rulesetOf, rulesetSummaries } from './rulesets.js'
import { type WhatIfEdit, type WhatIfResult, whatIf, whatIfEditsSchema } from './what-if.js'

export { foldEvents, toEngineEvent } from './fold.js'
export { snapshotKey, waypointKey } from './game-views.js'
export { catalogueHash, rulesetIds, rulesetOf, rulesetSummaries } from './rulesets.js'

/**
 * A snapshot is taken at most this many events apart, when no procedure is open: the newest few are
 * kept for the head, and each is also kept as a waypoint, so an open at any seq folds at most about
 * this many events from the waypoint before it.
 */
export const SNAPSHOT_INTERVAL = 1000
const IDLE_CHECKPOINT_MS = 250
/** Events a replay or export page holds when the caller does not say. */
const DEFAULT_PAGE_SIZE = 1000
/**
 * Replay pages are smaller: each step carries its explanation trees, and a page holds them until
 * it is read, so small pages let them die young, before the garbage collector promotes them: a page
 * of 100 keeps a 100k replay's peak heap near 33 MB (250: 85-90 MB), and spends less time collecting.
 */
const REPLAY_PAGE_SIZE = 100
/** The most entries a rules search returns. */
const RULE_SEARCH_LIMIT = 50

export interface ApiOptions {
  /** ISO time stamped on each new event; the engine never reads it. */
  readonly clock?: () => string
  /** Faces for app-rolled dice; the platform CSPRNG by default. */
  readonly rollDie?: (sides: number) => number
  /** Replay games whose catalogue differs from this Arbiter's, on purpose (a re-audit under newer rules). */
  readonly underCurrentRules?: boolean
}

export interface OpenApiOptions extends ApiOptions {
  /** Refuse a missing file instead of creating it. */
  readonly mustExist?: boolean
  /** Show games only: the file must be an Arbiter database already, and nothing is written to it. */
  readonly readOnly?: boolean
}
interface Session {
  readonly engine: Engine
  readonly state: EngineState
  lastSnapshotSeq: number
}

/** A replay in progress, so that the next page goes on from where the last one stopped. */
interface ReplayCursor {
  readonly engine: Engine
  readonly state: EngineState
  nextSeq: number
  /** The whole chain through this seq was checked when the replay started: pages up to it are not hashed again. */
  readonly checkedTo: number
  /** Called after each seq is folded: compares the state with a stored snapshot there (`snapshotComparer`). */
  readonly check: (seq: number) => void
  /** The game's corrections, read when the replay started. */
  readonly corrections: Corrections
}

interface CreatedPayload {
  readonly players: readonly { readonly id: string; readonly name: string }[]
  readonly ruleset: string
  readonly variant: string
  readonly catalogueHash: string
  readonly title?: string
}

/**
 * A new event's payload as it is stored: validated at `v`, an army read from a list as a muster reads it (only an
 * army asks for the game's ruleset, so other events are validated before the game is opened).
 */
function validatedPayload(ruleset: () => Ruleset, type: string, v: number, payload: unknown): unknown {
  return type === 'ArmyMustered' && v === gameEvents.currentVersion(type)
    ? prepareArmy(definitionsOf(ruleset()), payload)
    : gameEvents.validateNew(type, v, payload)
}

/**
 * GameApi in this process, over an EventStore. Every write is validated, stepped through the
 * engine, then appended with the expected version; a refusal at any point writes nothing. Every
 * read that shows a game first checks its hash chain: `replay`, `verifyGame`, `exportGame` and
 * `openGame` at a seq the whole of it; `openGame` at the head, `status`, `listGames` and a writer's
 * session GameCreated, the newest snapshot the chain anchors and every event after it; a replay
 * also compares each snapshot it passes with the state it folds (docs/architecture.md §Storage).
 */
export class LocalGameApi implements GameApi {
  private readonly sessions = new Map<string, Session>()
  private readonly replayCursors = new Map<string, ReplayCursor>()
  /**
   * Games whose whole chain this GameApi has checked, with the head it had then: an open at a seq of
   * the same head (scrubbing through a game) does not hash the chain again. See `assertWholeChain`.
   */
  private readonly checkedHeads = new Map<string, { seq: number; hash: string }>()
  private readonly correctionsByHead = new Map<string, { seq: number; hash: string; corrections: Corrections }>()
  private readonly clock: () => string
  private readonly rollDie: (sides: number) => number
  private idleTimer: ReturnType<typeof setTimeout> | null = null

  private constructor(
    /** In-process only (tests, benchmarks): not part of the GameApi contract. */
    readonly store: EventStore,
    private readonly options: ApiOptions,
  ) {
    this.clock = options.clock ?? (() => new Date().toISOString())
    this.rollDie = options.rollDie ?? randomFace
  }

  static async open(file: string, options: OpenApiOptions = {}): Promise<LocalGameApi> {
    const store = EventStore.open(file, { mustExist: options.mustExist ?? false, readOnly: options.readOnly ?? false })
    return new LocalGameApi(store, options)
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.sessions.clear()
    this.replayCursors.clear()
    this.store.close()
  }

  async listGames(): Promise<GameListing[]> {
    return this.store.games().map((row) => this.checkedListing(row))
  }

  async archiveGame(gameId: string, archived: boolean): Promise<void> {
    this.store.setArchived(gameId, archived ? this.clock() : null)
  }

  async sampleGame(): Promise<{ gameId: string; created: boolean }> {
    const existing = this.store.sampleGameId()
    // A sample that no longer verifies is not opened again: a new one is recorded, and the broken one stays listed.
    if (existing !== null && this.checkedListing(this.store.game(existing)).intact) {
      this.store.setArchived(existing, null)
      return { gameId: existing, created: false }
    }
    const gameId = await createDemoGame(this)
    this.store.markSample(gameId)
    return { gameId, created: true }
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
    const gameId = globalThis.crypto.randomUUID()
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

  async append(gameId: string, draft: EventDraft, expectedVersion?: number): Promise<WrittenStep> {
    const type = draft.type
    const v = draft.v ?? gameEvents.currentVersion(type)
    const payload = validatedPayload(() => this.session(gameId).engine.ruleset, type, v, draft.payload)
    if (type === 'GameCreated')
      throw new ArbiterError('api/game-exists', `GameCreated can only start a game; game ${gameId} has one`)
    if (type === 'Correction')
      return this.appendCorrection(gameId, draft.actor, payload as CorrectionPayload, expectedVersion)
    const session = this.session(gameId)
    const game = session.state.game as GameState
    const expected = expectedVersion ?? game.seq
    if (expected !== game.seq) throw new ConflictError(gameId, expected, game.seq)
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
      // Another writer got there first: the store's conflict, with the seqs a host can act on.
      if (error instanceof ArbiterError && error.code === 'store/conflict' && !(error instanceof ConflictError))
        throw new ConflictError(gameId, expected, this.store.head(gameId).seq)
      throw error
    }
    this.maybeSnapshot(gameId, session)
    this.scheduleIdleCheckpoint()
    return this.written(gameId, session, view(stored, result))
  }

  /**
   * The step with what a screen shows next: the status now (small, copied at once) and the game,
   * copied only when read. Read later, after the game has moved on, it is the game at the step's seq.
   */
  private written(gameId: string, session: Session, step: StepView): WrittenStep {
    const game = session.state.game as GameState
    const status = statusOf(gameId, session.engine.ruleset, game)
    let copy: GameView | undefined
    const written = { ...step, status } as WrittenStep
    // Not enumerable: a caller that prints the step (the CLI's --json) does not print the whole game
    // with it; a host's transport copies it in by name (electron/dispatch.ts).
    Object.defineProperty(written, 'view', {
      enumerable: false,
      get: () => {
        copy ??= this.viewAt(gameId, step.seq)
        return copy
      },
    })
    return written
  }

  /** The game at `seq`: a copy of the live state while it is still there, else folded from the log. */
  private viewAt(gameId: string, seq: number): GameView {
    const live = this.sessions.get(gameId)?.state.game as GameState | undefined
    if (live?.seq === seq) return gameView(gameId, structuredClone(live))
    this.assertChainIntact(gameId)
    return gameView(gameId, this.load(gameId, seq).state.game as GameState)
  }

  async rollDice(gameId: string, requestId: string, actor: string): Promise<WrittenStep> {
    const game = this.session(gameId).state.game as GameState
    const request = Object.hasOwn(game.requests, requestId) ? game.requests[requestId] : undefined
    if (!request) throw new ArbiterError('engine/no-such-request', `game ${gameId}: request "${requestId}" is not open`)
    if (request.kind !== 'dice')
      throw new ArbiterError('engine/wrong-answer', `request ${requestId} asks for a choice, not dice`)
    const faces = Array.from({ length: request.count }, () => this.rollDie(request.sides))
    return this.append(gameId, { type: 'DiceRolled', actor, payload: { requestId, faces, source: 'app' } })
  }

  async undo(gameId: string, actor: string, options: UndoOptions = {}): Promise<WrittenStep> {
    const head = this.store.head(gameId).seq
    const corrections = this.correctionsOf(gameId)
    // The newest events first, further back while they are all corrections or voided.
    let target: number | null = null
    for (let window = 16; target === null; window *= 4) {
      const fromSeq = Math.max(1, head - window + 1)
      target = undoTarget([...this.store.readEvents(gameId, { fromSeq, forFold: true })], corrections, actor)
    }
    const reason = options.reason ?? 'undo'
    const payload = { voids: [target], reason, agreedBy: [...(options.agreedBy ?? [])] }
    return this.append(gameId, { type: 'Correction', actor, payload })
  }

  async whatIf(gameId: string, edits: readonly WhatIfEdit[]): Promise<WhatIfResult> {
    const parsed = whatIfEditsSchema.safeParse(edits)
    if (!parsed.success)
      throw new ArbiterError(
        'api/bad-edit',
        parsed.error.issues.map((i) => `edit ${i.path.join('.')}: ${i.message}`).join('; '),
      )
    this.assertWholeChain(gameId)
    const { engine } = this.engineOf(gameId)
    const events = [...this.store.readEvents(gameId, { forFold: true })]
    const first = Math.min(...parsed.data.map((edit) => (edit.kind === 'add' ? edit.after + 1 : edit.seq)))
    const snapshot = this.snapshotBefore(gameId, sessionSnapshotKey(engine), first - 1, this.correctionsOf(gameId))
    const created = toEngineEvent(events[0] as FoldedEvent) as EngineEvent & { type: 'GameCreated' }
    return whatIf(
      {
        gameId,
        engine,
        events,
        players: created.payload.players.map((player) => player.id),
        validate: (type, payload) =>
          validatedPayload(() => engine.ruleset, type, gameEvents.currentVersion(type), payload),
        ...(snapshot ? { start: { seq: snapshot.seq, restore: () => engine.restore(snapshot.stateJson) } } : {}),
      },
      parsed.data,
    )
  }

  async audit(gameId: string): Promise<AuditReport> {
    this.assertWholeChain(gameId)
    const { engine } = this.engineOf(gameId)
    return audit({ gameId, engine, events: [...this.store.readEvents(gameId, { forFold: true })] })
  }

  async openGame(gameId: string, atSeq?: number): Promise<GameView> {
    if (atSeq === undefined) {
      // A copy: the session's state moves on with the next append.
      return gameView(gameId, structuredClone(this.session(gameId).state.game as GameState))
    }
    const head = this.store.head(gameId).seq
    if (!Number.isInteger(atSeq) || atSeq < 1 || atSeq > head) {
      throw new ArbiterError('api/bad-seq', `game ${gameId} has events 1 to ${head}; there is no seq ${atSeq}`)
    }
    this.assertWholeChain(gameId)
    const { state } = this.load(gameId, atSeq)
    return gameView(gameId, state.game as GameState)
  }

  async status(gameId: string): Promise<GameStatus> {
    const session = this.session(gameId)
    return statusOf(gameId, session.engine.ruleset, session.state.game as GameState)
  }

  async replay(gameId: string, page: PageRequest = {}): Promise<ReplayPage> {
    const { fromSeq, toSeq, head } = this.pageRange(gameId, page, REPLAY_PAGE_SIZE)
    let cursor = this.replayCursors.get(gameId)
    if (!cursor || cursor.nextSeq !== fromSeq) {
      // A replay from the start: nothing is shown from a game whose chain does not hold. The whole
      // chain is hashed here, once; the pages then read what was checked without hashing it again.
      this.assertChainIntact(gameId)
      const { engine } = this.engineOf(gameId)
      const state = engine.initialState()
      const corrections = this.correctionsOf(gameId)
      const check = this.snapshotComparer(gameId, engine, state, corrections)
      if (fromSeq > 1)
        foldEvents(
          engine,
          state,
          this.store.readEvents(gameId, { toSeq: fromSeq - 1, forFold: true }),
          (_, e) => check(e.seq),
          corrections,
        )
      cursor = { engine, state, nextSeq: fromSeq, checkedTo: head, check, corrections }
    }
    const steps: StepView[] = []
    const { check } = cursor
    // Events appended since the replay started were not checked with the rest: those are verified as read.
    const verify = toSeq > cursor.checkedTo
    try {
      const events = this.store.readEvents(gameId, { fromSeq, toSeq, verify, forFold: true })
      foldEvents(
        cursor.engine,
        cursor.state,
        events,
        (r, e, correction) => {
          steps.push(correction ? correctedView(e, r, correction) : view(e, r as StepResult))
          check(e.seq)
        },
        cursor.corrections,
      )
    } catch (error) {
      this.replayCursors.delete(gameId)
      throw error
    }
    const nextSeq = toSeq < head ? toSeq + 1 : null
    const game = cursor.state.game as GameState
    if (nextSeq === null) {
      this.replayCursors.delete(gameId)
      return { steps, view: gameView(gameId, game), nextSeq }
    }
    cursor.nextSeq = nextSeq
    this.replayCursors.set(gameId, cursor)
    return { steps, view: null, nextSeq }
  }

  async verifyGame(gameId: string): Promise<ChainCheck> {
    return this.checkChain(gameId)
  }

  async exportGame(gameId: string, page: PageRequest = {}): Promise<ExportPage> {
    const { fromSeq, toSeq, head } = this.pageRange(gameId, page)
    let text = ''
    let events = 0
    let last: EventEnvelope | undefined
    for (const event of this.store.readEvents(gameId, { fromSeq, toSeq, verify: true })) {
      text += `${envelopeLine(event)}\n`
      events += 1
      last = event
    }
    const nextSeq = toSeq < head ? toSeq + 1 : null
    // Every page links to the stored hash before it, so seqs 1..head are the whole verified game.
    if (nextSeq === null && last !== undefined) text += `${closingLine(gameId, head, last.hash)}\n`
    return { text, events, nextSeq }
  }

  async importGame(text: string): Promise<{ gameId: string; events: number }> {
    const parsed = parseAndVerifyJsonl(text)
    if (!parsed.ok) throw new ArbiterError('import/bad-line', parsed.problem)
    const events = parsed.events
    const first = events[0]
    if (first?.type !== 'GameCreated')
      throw new ArbiterError('import/bad-line', 'line 1: an exported game starts with GameCreated')
    const created = gameEvents.readPayload(first.type, first.v, first.payload) as CreatedPayload
    const engine = engineForGame(created.ruleset, created.catalogueHash, this.options.underCurrentRules ?? false)
    const state = engine.initialState()
    const rulesVersion = rulesVersionOf(created.ruleset, created.variant, created.catalogueHash)
    const corrections = importedCorrections(
      events,
      created.players.map((player) => player.id),
    )
    events.forEach((envelope, index) => {
      try {
        if (envelope.rulesVersion !== rulesVersion)
          throw new ArbiterError(
            'import/rules-version',
            `rulesVersion ${envelope.rulesVersion} differs from the game's ${rulesVersion}`,
          )
        requireValidatedForm(envelope)
        const correction = corrections.get(envelope.seq)
        if (correction) stepCorrected(engine, state, envelope, correction)
        else engine.step(state, toEngineEvent(envelope))
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

  async rulesets(): Promise<RulesetSummary[]> {
    return rulesetSummaries()
  }

  async catalogue(ruleset: string): Promise<RuleEntry[]> {
    const known = rulesetOf(ruleset)
    return known.catalogue.entries.map((entry) => ruleEntry(entry, definitionsOf(known).get(entry.id)))
  }

  async troops(ruleset: string): Promise<TroopTemplate[]> {
    // Copies: a caller edits what it loads.
    return structuredClone([...(rulesetOf(ruleset).troops ?? [])])
  }

  async searchRules(ruleset: string, query: string): Promise<RuleEntry[]> {
    const known = rulesetOf(ruleset)
    const { hash } = engineFor(known)
    const byId = new Map(known.catalogue.entries.map((entry) => [entry.id, entry]))
    const ids = this.store.searchRules(known.id, hash, known.catalogue.entries, query, RULE_SEARCH_LIMIT)
    return ids.flatMap((id) => {
      const entry = byId.get(id)
      return entry ? [ruleEntry(entry, definitionsOf(known).get(id))] : []
    })
  }

  /** The page's seqs, checked against the game's head. */
  private pageRange(
    gameId: string,
    page: PageRequest,
    pageSize = DEFAULT_PAGE_SIZE,
  ): { fromSeq: number; toSeq: number; head: number } {
    const head = this.store.head(gameId).seq
    const fromSeq = page.fromSeq ?? 1
    if (!Number.isInteger(fromSeq) || fromSeq < 1 || fromSeq > head)
      throw new ArbiterError('api/bad-seq', `game ${gameId} has events 1 to ${head}; a page cannot start at ${fromSeq}`)
    const limit = page.limit ?? pageSize
    if (!Number.isInteger(limit) || limit < 1)
      throw new ArbiterError('api/bad-seq', `a page holds at least one event, not ${limit}`)
    return { fromSeq, toSeq: Math.min(head, fromSeq + limit - 1), head }
  }

  /**
   * The chain check, with the place in `seq` and the sentence in `problem` (said once, not twice):
   * the whole chain, or from `fromSeq` to the head (see `EventStore.verifyGame`).
   */
  private checkChain(gameId: string, fromSeq = 1): ChainCheck {
    const result = this.store.verifyGame(gameId, fromSeq)
    if (!result.ok) {
      const place = `game ${gameId} seq ${result.seq}: `
      const problem = result.problem.startsWith(place) ? result.problem.slice(place.length) : result.problem
      return { ok: false, seq: result.seq, problem }
    }
    return { ok: true, events: result.events, head: this.store.head(gameId).hash }
  }

  private assertChainIntact(gameId: string, fromSeq = 1): void {
    const chain = this.checkChain(gameId, fromSeq)
    if (!chain.ok) throw brokenGame(gameId, chain.seq, chain.problem)
  }

  /**
   * The whole chain, checked once for a head: an open at a seq checks it as `verify` does, then
   * remembers the head it checked, and the next open of the same head (the same seq and hash, the
   * head row re-hashed) skips the walk. A row before the head edited around Arbiter since is caught
   * by the next GameApi (every command opens one) and by `verify`, `replay` and `export`.
   */
  private assertWholeChain(gameId: string): void {
    const head = this.store.head(gameId)
    const checked = this.checkedHeads.get(gameId)
    if (checked && checked.seq === head.seq && checked.hash === head.hash) {
      this.assertChainIntact(gameId, head.seq)
      return
    }
    this.assertChainIntact(gameId)
    this.checkedHeads.set(gameId, { seq: head.seq, hash: head.hash })
  }

  /**
   * For a replay: a check, called after each seq is folded into `state`, that compares the state with
   * the stored snapshot at that seq, if an open would trust one there. A snapshot an open would use
   * but that differs from the state its events give was forged with its digest (or the engine changed
   * without its rules identity changing): `store/bad-snapshot`, naming its seq.
   */
  private snapshotComparer(
    gameId: string,
    engine: Engine,
    state: EngineState,
    corrections: Corrections,
  ): (seq: number) => void {
    const keys = [sessionSnapshotKey(engine), waypointKey(sessionSnapshotKey(engine))]
    const seqs = new Map<number, string[]>()
    // A snapshot a later correction changed is the game as it stood before it: no open of the corrected game uses it.
    for (const key of keys)
      for (const seq of this.store.snapshotSeqs(gameId, key))
        if (firstChangedBefore(seq, corrections) === null) seqs.set(seq, [...(seqs.get(seq) ?? []), key])
    return (seq) => {
      for (const key of seqs.get(seq) ?? []) {
        // The digest of the folded state, hashed in pieces (no state-sized string): the stored digest
        // is the same exactly when the stored state is the folded one, or when it is not and an open
        // would not trust it either. Only a digest that differs reads the stored state.
        const stored = this.store.snapshotDigestAt(gameId, seq, key)
        if (stored && state.game && state.frames.size === 0) {
          const folded = snapshotDigestOfPieces(stored.anchor, key, canonicalJsonPieces(state.game))
          if (folded === stored.digest) continue
        }
        const checked = this.store.checkedSnapshot(gameId, seq, key)
        if (checked?.trusted && checked.seq === seq && engine.snapshot(state) !== checked.stateJson)
          throw new ArbiterError(
            'store/bad-snapshot',
            `game ${gameId} seq ${seq}: the stored snapshot differs from the state the events give: ` +
              'it was changed around Arbiter, and an open would show it',
          )
      }
    }
  }

  /** A games-table row, checked against the game's chain and its hashed GameCreated (the index may be edited). */
  private checkedListing(row: GameSummary | UnindexedGame): GameListing {
    const broken = (seq: number, problem: string): GameListing => ({
      intact: false,
      gameId: row.gameId,
      seq,
      problem,
      ...('archived' in row && row.archived ? { archived: true } : {}),
    })
    if ('unindexed' in row)
      return broken(
        1,
        `its ${row.headSeq} events are stored but the games table has no row for it: the row was removed`,
      )
    // The head check of an open: GameCreated hashed, then the events after the newest anchored
    // snapshot (the whole chain when there is none). `verify` is the check of every row.
    let first: EventEnvelope | undefined
    try {
      ;[first] = [...this.store.readEvents(row.gameId, { toSeq: 1, verify: true })]
    } catch (error) {
      if (error instanceof ChainBrokenError) return broken(error.seq, error.problem)
      throw error
    }
    let created: CreatedPayload | undefined
    let problem: string | undefined
    if (first?.type !== 'GameCreated') problem = 'the game does not start with GameCreated'
    else {
      try {
        created = gameEvents.readPayload(first.type, first.v, first.payload) as CreatedPayload
      } catch (error) {
        problem = (error as Error).message
      }
    }
    // Snapshots are filed under the identity of the rules that folded them: this Arbiter's.
    const known = created && Object.hasOwn(rulesets, created.ruleset) ? rulesets[created.ruleset] : undefined
    const snapshot = known
      ? this.store.checkedSnapshot(row.gameId, row.headSeq, snapshotKey(rulesIdentity(known)))
      : null
    const chain = this.checkChain(row.gameId, snapshot?.trusted ? snapshot.seq + 1 : 2)
    if (!chain.ok) return broken(chain.seq, chain.problem)
    if (first === undefined || created === undefined) return broken(1, problem ?? 'the game has no events')
    const hashed: Record<string, string | null> = {
      ruleset: created.ruleset,
      variant: created.variant,
      catalogueHash: created.catalogueHash,
      title: created.title ?? null,
      createdAt: first.at,
    }
    for (const [field, value] of Object.entries(hashed)) {
      const listed = (row as unknown as Record<string, string | undefined>)[field] ?? null
      if (listed !== value)
        return broken(
          1,
          `the games table says ${field} ${JSON.stringify(listed)}, ` +
            `the hashed GameCreated ${JSON.stringify(value)}: the table was edited`,
        )
    }
    return { ...row, intact: true, players: created.players.map(({ id, name }) => ({ id, name })) }
  }

  /**
   * The engine a game replays under, from its hashed GameCreated (not from the games table, which
   * is a mutable index): its ruleset, and its catalogue checked against this Arbiter's.
   */
  private engineOf(gameId: string): { engine: Engine; catalogueHash: string } {
    const [first] = [...this.store.readEvents(gameId, { toSeq: 1, verify: true })]
    if (!first) throw new ArbiterError('store/unknown-game', `there is no game ${gameId}`)
    const created = gameEvents.readPayload(first.type, first.v, first.payload) as CreatedPayload
    return {
      engine: engineForGame(created.ruleset, created.catalogueHash, this.options.underCurrentRules ?? false),
      catalogueHash: created.catalogueHash,
    }
  }

  /** The live fold at the game's head, rebuilt (verified on the way, see `loadHead`) when needed. */
  private session(gameId: string): Session {
    let session = this.sessions.get(gameId)
    const head = this.store.head(gameId).seq
    if (!session || (session.state.game?.seq ?? 0) !== head) {
      session = this.loadHead(gameId, head)
      this.sessions.set(gameId, session)
    }
    return session
  }

  /**
   * The state at the head, checked as far as it rests on the chain: GameCreated hashed (`engineOf`),
   * then the newest snapshot the chain still anchors and every event after it, hashed and linked,
   * before any is folded. Without a trusted snapshot, the whole chain. O(events after the snapshot).
   */
  private loadHead(gameId: string, head: number): Session {
    const { engine } = this.engineOf(gameId)
    const key = sessionSnapshotKey(engine)
    const snapshot = this.store.checkedSnapshot(gameId, head, key)
    const trusted = snapshot?.trusted ? snapshot : null
    this.assertChainIntact(gameId, trusted ? trusted.seq + 1 : 1)
    // Corrections recorded before the snapshot are folded into it; one after it that changes an event before it
    // means folding the corrected game from further back, the whole chain checked.
    const corrections = correctionsOf(this.store.eventsOfType(gameId, 'Correction', (trusted?.seq ?? 0) + 1))
    if (trusted && firstChangedBefore(trusted.seq, corrections) !== null) {
      this.assertChainIntact(gameId)
      return this.load(gameId, head)
    }
    const state = trusted ? engine.restore(trusted.stateJson) : engine.initialState()
    const tail = this.store.readEvents(gameId, { fromSeq: (trusted?.seq ?? 0) + 1, toSeq: head, forFold: true })
    foldEvents(engine, state, tail, undefined, corrections)
    return { engine, state, lastSnapshotSeq: trusted?.seq ?? 0 }
  }

  /**
   * The state at `toSeq` from the newest trusted snapshot before it, a head snapshot or a waypoint;
   * the caller has checked the chain.
   */
  private load(gameId: string, toSeq: number, corrections = this.correctionsOf(gameId)): Session {
    const { engine } = this.engineOf(gameId)
    const key = sessionSnapshotKey(engine)
    const snapshot = this.snapshotBefore(gameId, key, toSeq, corrections)
    const state = snapshot ? engine.restore(snapshot.stateJson) : engine.initialState()
    foldEvents(
      engine,
      state,
      this.store.readEvents(gameId, { fromSeq: (snapshot?.seq ?? 0) + 1, toSeq, forFold: true }),
      undefined,
      corrections,
    )
    return { engine, state, lastSnapshotSeq: snapshot?.seq ?? 0 }
  }

  /** The newest trusted snapshot at or before `toSeq` (a head snapshot or a waypoint) that no later correction changed. */
  private snapshotBefore(gameId: string, key: string, toSeq: number, corrections: Corrections) {
    return freshSnapshot(toSeq, corrections, (bound) => {
      const recent = this.store.latestSnapshot(gameId, bound, key)
      const waypoint = this.store.latestSnapshot(gameId, bound, waypointKey(key))
      return recent && (!waypoint || recent.seq >= waypoint.seq) ? recent : waypoint
    })
  }

  /**
   * Every correction in a game's log (every view folds the game as corrected), read once for a head: opens at
   * other seqs of the same head (scrubbing) reuse them.
   */
  private correctionsOf(gameId: string): Corrections {
    const head = this.store.head(gameId)
    const known = this.correctionsByHead.get(gameId)
    if (known && known.seq === head.seq && known.hash === head.hash) return known.corrections
    const corrections = correctionsOf(this.store.eventsOfType(gameId, 'Correction'))
    this.correctionsByHead.set(gameId, { ...head, corrections })
    return corrections
  }

  /**
   * Records a correction (docs/corrections.md): judged by the policy (`checkCorrection`), then the game folded as
   * corrected from before its first target to the correction, the whole chain checked first; a refusal at any
   * point (an event after the target that the rules no longer accept, named by seq) writes nothing.
   */
  private appendCorrection(
    gameId: string,
    author: string,
    payload: CorrectionPayload,
    expectedVersion: number | undefined,
  ): WrittenStep {
    const session = this.session(gameId)
    const game = session.state.game as GameState
    const expected = expectedVersion ?? game.seq
    if (expected !== game.seq) throw new ConflictError(gameId, expected, game.seq)
    const replaces = payload.replaces.map((replaced) => ({
      ...replaced,
      payload: validatedPayload(() => session.engine.ruleset, replaced.type, replaced.v, replaced.payload),
    }))
    const correction = gameEvents.validateNew('Correction', 1, { ...payload, replaces }) as CorrectionPayload
    this.assertChainIntact(gameId)
    const first = Math.min(...targetsOf(correction).filter((seq) => seq >= 1), game.seq)
    const seq = game.seq + 1
    const corrections = checkCorrection(correction, {
      seq,
      author,
      players: game.players.map((player) => player.id),
      corrections: this.correctionsOf(gameId),
      events: [...this.store.readEvents(gameId, { fromSeq: first, forFold: true })],
    })
    let folded: Session
    let result: StepResult
    try {
      folded = this.load(gameId, game.seq, corrections)
      result = folded.engine.step(folded.state, { type: 'Correction', payload: correction, seq, actor: author, gameId })
    } catch (error) {
      throw new ArbiterError(
        'api/correction-refused',
        `the game does not replay as corrected, so nothing was recorded: ${(error as Error).message}`,
      )
    }
    const [stored] = this.store.append(gameId, expected, [
      {
        gameId,
        type: 'Correction',
        v: gameEvents.currentVersion('Correction'),
        at: this.clock(),
        actor: author,
        rulesVersion: rulesVersionOf(game.ruleset, game.variant, game.catalogueHash),
        payload: correction,
      },
    ]) as [EventEnvelope]
    this.sessions.set(gameId, folded)
    this.maybeSnapshot(gameId, folded)
    this.scheduleIdleCheckpoint()
    return this.written(gameId, folded, view(stored, result))
  }

  private maybeSnapshot(gameId: string, session: Session): void {
    const game = session.state.game as GameState
    if (game.seq - session.lastSnapshotSeq < SNAPSHOT_INTERVAL) return
    const json = session.engine.snapshot(session.state)
    if (json === null) return
    const key = sessionSnapshotKey(session.engine)
    this.store.saveSnapshot(gameId, game.seq, key, json)
    this.store.saveSnapshot(gameId, game.seq, waypointKey(key), json, false)
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
