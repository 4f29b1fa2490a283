import type { AuditReport } from '../audit/audit.js'
import type { WhatIfEdit, WhatIfResult } from '../audit/what-if.js'
import type { Engine, EngineState } from '../engine/driver.js'
import type { EngineEvent, GameState, StepResult } from '../engine/types.js'
import { type EventEnvelope, envelopeLine, type UnchainedEvent } from '../events/envelope.js'
import { ArbiterError, ConflictError } from '../events/errors.js'
import type { PayloadOf } from '../events/event-types.js'
import { gameEvents } from '../events/index.js'
import { EventStore } from '../store/event-store.js'
import { closingLine } from '../store/jsonl.js'
import { type CorrectionPayload, type Corrections, checkCorrection, correctedView, targetsOf } from './corrections.js'
import { createDemoGame } from './demo-game.js'
import { auditOf, forkOf, lastUndoable } from './disputes.js'
import { foldEvents, rulesVersionOf } from './fold.js'
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
  SetAsideSnapshot,
  StepView,
  UndoOptions,
  WrittenStep,
} from './game-api-contract.js'
import { checkedListing } from './game-listing.js'
import { GameLoader, type Session } from './game-loader.js'
import { definitionsOf, gameView, ruleEntry, statusOf, view } from './game-views.js'
import { checkedImport } from './import-game.js'
import { ListMethods } from './list-methods.js'
import { keepMusteredUnits } from './lists.js'
import { validatedPayload } from './muster-input.js'
import { randomFace } from './random.js'
import { type ReportOptions, type ReportText, reportOf } from './report.js'
import { engineFor, rulesetOf, rulesetSummaries } from './rulesets.js'
import { checkNewSigningEvent, type SigningView, signingView } from './signatures.js'
import { checkedHostName, checkStoredLog } from './verify-stored.js'

export { foldEvents, toEngineEvent } from './fold.js'
export { SNAPSHOT_INTERVAL } from './game-loader.js'
export { snapshotKey, waypointKey } from './game-views.js'
export { catalogueHash, rulesetIds, rulesetOf, rulesetSummaries } from './rulesets.js'

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
  /** The host recording through this GameApi (`cli`, `desktop`, `web`, …), kept with each event it writes. */
  readonly host?: string
}

export interface OpenApiOptions extends ApiOptions {
  /** Refuse a missing file instead of creating it. */
  readonly mustExist?: boolean
  /** Show games only: the file must be an Arbiter database; nothing is written; shown as it stood when opened. */
  readonly readOnly?: boolean
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
  /** Files again, after a page is read, the snapshots `check` found to differ. */
  readonly refile: () => void
  /** Stored snapshots the replay found to differ from the state the events give, named on its last page. */
  readonly setAside: SetAsideSnapshot[]
  /** The game's corrections, read when the replay started. */
  readonly corrections: Corrections
}

/**
 * GameApi in this process, over an EventStore. Every write is validated, stepped through the
 * engine, then appended with the expected version; a refusal at any point writes nothing. Every
 * read that shows a game, and every write, first checks its whole hash chain (once per change to
 * the file: `GameLoader`); a state restored from a snapshot not yet shown to be what the events give
 * says so (`StateChecks`), and a replay compares each snapshot it passes with the state it folds
 * (docs/architecture.md §Storage).
 */
export class LocalGameApi extends ListMethods implements GameApi {
  private readonly sessions = new Map<string, Session>()
  private readonly replayCursors = new Map<string, ReplayCursor>()
  protected readonly clock: () => string
  private readonly rollDie: (sides: number) => number
  private readonly idle: { timer: ReturnType<typeof setTimeout> | null } = { timer: null }
  /** The envelope's `host` of each event this GameApi records (ApiOptions.host; `forHost` gives a view with another). */
  private readonly recorder: { readonly host?: string }
  private readonly loader: GameLoader
  private readonly chainCheck = (gameId: string) => this.loader.wholeChain(gameId)
  /** The stored hash of the event at `seq` (the caller has checked the chain it reads from). */
  private readonly hashAt = (gameId: string, seq: number) => this.store.storedHash(gameId, seq)

  private constructor(
    /** In-process only (tests, benchmarks): not part of the GameApi contract. */
    readonly store: EventStore,
    private readonly options: ApiOptions,
  ) {
    super()
    this.clock = options.clock ?? (() => new Date().toISOString())
    this.rollDie = options.rollDie ?? randomFace
    this.loader = new GameLoader(store, options.underCurrentRules ?? false)
    this.recorder = options.host === undefined ? {} : { host: checkedHostName(options.host) }
  }

  /**
   * This GameApi as another host records through it (a second screen): it inherits all but its host, and nothing
   * is assigned on a LocalGameApi once made (the idle timer is in an object), so both share store, sessions, checks.
   */
  forHost(host: string): LocalGameApi {
    return Object.defineProperty(Object.create(this), 'recorder', {
      value: { host: checkedHostName(host) },
    }) as LocalGameApi
  }

  static async open(file: string, options: OpenApiOptions = {}): Promise<LocalGameApi> {
    const store = EventStore.open(file, { mustExist: options.mustExist ?? false, readOnly: options.readOnly ?? false })
    return new LocalGameApi(store, options)
  }

  async close(): Promise<void> {
    if (this.idle.timer) clearTimeout(this.idle.timer)
    this.sessions.clear()
    this.replayCursors.clear()
    this.store.close()
  }

  async listGames(): Promise<GameListing[]> {
    const rows = this.store.games()
    // Each chain checked across threads first, for the listing's own check to find remembered; what this
    // refuses (a game without events or without its games row) the listing names.
    for (const row of rows) await this.loader.wholeChainAcrossThreads(row.gameId).catch(() => undefined)
    return rows.map((row) => checkedListing(this.store, row, this.chainCheck))
  }

  async archiveGame(gameId: string, archived: boolean): Promise<void> {
    this.store.setArchived(gameId, archived ? this.clock() : null)
  }

  async sampleGame(): Promise<{ gameId: string; created: boolean }> {
    const existing = this.store.sampleGameId()
    // A sample that no longer verifies is not opened again: a new one is recorded, and the broken one stays listed.
    if (existing !== null && checkedListing(this.store, this.store.game(existing), this.chainCheck).intact) {
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
      ...(input.turns === undefined ? {} : { turns: input.turns }),
    })
    const gameId = globalThis.crypto.randomUUID()
    const draft: UnchainedEvent = {
      gameId,
      type: 'GameCreated',
      v: 1,
      at: this.clock(),
      actor: input.actor,
      ...this.recorder,
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
    this.sessions.set(gameId, {
      engine,
      state,
      lastSnapshotSeq: 0,
      start: null,
      setAside: [],
      dataVersion: this.store.dataVersion(),
    })
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
    // A key or a signature is checked with Web Crypto first (asynchronous): the engine checks the rest.
    if (type === 'PlayerKeyRecorded' || type === 'HeadSigned')
      await checkNewSigningEvent(gameId, type, payload, this.session(gameId).state.game as GameState, (seq) =>
        this.hashAt(gameId, seq),
      )
    const session = this.session(gameId)
    const game = session.state.game as GameState
    const expected = expectedVersion ?? game.seq
    if (expected !== game.seq) throw new ConflictError(gameId, expected, game.seq)
    const seq = game.seq + 1
    let result: StepResult
    try {
      result = session.engine.step(session.state, { type, payload, seq, actor: draft.actor, gameId } as EngineEvent)
      // The army's profiles kept in the unit library (core/api/lists.ts), before the event: a refusal writes neither.
      if (type === 'ArmyMustered')
        keepMusteredUnits(this.store, game, payload as PayloadOf<'ArmyMustered'>, this.clock())
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
          ...this.recorder,
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
    this.loader.noteAppended(gameId, stored)
    this.loader.saveSnapshotIfDue(gameId, session)
    this.scheduleIdleCheckpoint()
    return this.written(gameId, session, view(stored, result))
  }

  /** The step with what a screen shows next: the status now (copied at once), the game copied when read (at the step's seq). */
  private written(gameId: string, session: Session, step: StepView): WrittenStep {
    const game = session.state.game as GameState
    const status = this.withChecks(gameId, session, statusOf(gameId, session.engine.ruleset, game))
    let copy: GameView | undefined
    const written = { ...step, status } as WrittenStep
    // Not enumerable: the CLI's --json does not print the whole game; a host copies it in by name (electron/dispatch.ts).
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
    const live = this.sessions.get(gameId)
    const game = live?.state.game as GameState | undefined
    if (live && game?.seq === seq) {
      return this.withChecks(gameId, live, gameView(gameId, structuredClone(game), this.hashAt(gameId, seq)))
    }
    const loaded = this.loader.load(gameId, seq)
    return this.withChecks(gameId, loaded, gameView(gameId, loaded.state.game as GameState, this.hashAt(gameId, seq)))
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
    const target = lastUndoable(this.store, this.loader, gameId, actor)
    const reason = options.reason ?? 'undo'
    const payload = { voids: [target], reason, agreedBy: [...(options.agreedBy ?? [])] }
    return this.append(gameId, { type: 'Correction', actor, payload })
  }

  async whatIf(gameId: string, edits: readonly WhatIfEdit[]): Promise<WhatIfResult> {
    return forkOf(this.store, this.loader, gameId, edits)
  }

  async audit(gameId: string): Promise<AuditReport> {
    return auditOf(this.store, this.loader, gameId)
  }

  async report(gameId: string, options: ReportOptions = {}): Promise<ReportText> {
    return reportOf(this.store, this.loader, gameId, options, await this.signatures(gameId))
  }

  async openGame(gameId: string, atSeq?: number): Promise<GameView> {
    if (atSeq === undefined) {
      // A copy: the session's state moves on with the next append.
      const session = await this.checkedSession(gameId)
      const game = structuredClone(session.state.game as GameState)
      return this.withChecks(gameId, session, gameView(gameId, game, this.hashAt(gameId, game.seq)))
    }
    const head = this.store.head(gameId).seq
    if (!Number.isInteger(atSeq) || atSeq < 1 || atSeq > head) {
      throw new ArbiterError('api/bad-seq', `game ${gameId} has events 1 to ${head}; there is no seq ${atSeq}`)
    }
    // A view, never stepped on: the steps' explanations, which nothing here reads, are not built.
    const loaded = await this.loader.loadAcrossThreads(gameId, atSeq, { explanations: false })
    return this.withChecks(gameId, loaded, gameView(gameId, loaded.state.game as GameState, this.hashAt(gameId, atSeq)))
  }

  async status(gameId: string): Promise<GameStatus> {
    const session = await this.checkedSession(gameId)
    return this.withChecks(gameId, session, statusOf(gameId, session.engine.ruleset, session.state.game as GameState))
  }

  async replay(gameId: string, page: PageRequest = {}): Promise<ReplayPage> {
    const { fromSeq, toSeq, head } = this.pageRange(gameId, page, REPLAY_PAGE_SIZE)
    let cursor = this.replayCursors.get(gameId)
    if (!cursor || cursor.nextSeq !== fromSeq) {
      // A replay from the start: nothing is shown from a game whose chain does not hold. The whole
      // chain is hashed here, once; the pages then read what was checked without hashing it again.
      await this.loader.assertChainAcrossThreads(gameId)
      const { engine } = this.loader.engineOf(gameId)
      const state = engine.initialState()
      const setAside: SetAsideSnapshot[] = []
      const corrections = this.loader.correctionsOf(gameId)
      const { check, refile } = this.loader.snapshotComparer(gameId, engine, state, setAside, corrections)
      if (fromSeq > 1)
        foldEvents(
          engine,
          state,
          this.store.readEvents(gameId, { toSeq: fromSeq - 1, forFold: true }),
          (_, e) => check(e.seq),
          corrections,
        )
      refile()
      cursor = { engine, state, nextSeq: fromSeq, checkedTo: head, check, refile, setAside, corrections }
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
      cursor.refile()
      // A live session may rest on a snapshot this replay found forged: it is folded again on next use.
      if (cursor.setAside.length > 0) this.sessions.delete(gameId)
    } catch (error) {
      this.replayCursors.delete(gameId)
      throw error
    }
    const nextSeq = toSeq < head ? toSeq + 1 : null
    const game = cursor.state.game as GameState
    if (nextSeq === null) {
      this.replayCursors.delete(gameId)
      const shown = gameView(gameId, game, this.hashAt(gameId, game.seq))
      return {
        steps,
        view: cursor.setAside.length > 0 ? { ...shown, checks: { setAside: cursor.setAside } } : shown,
        nextSeq,
      }
    }
    cursor.nextSeq = nextSeq
    this.replayCursors.set(gameId, cursor)
    return { steps, view: null, nextSeq }
  }

  async verifyGame(gameId: string): Promise<ChainCheck> {
    const chain = await this.loader.checkChainAcrossThreads(gameId)
    if (!chain.ok) return chain
    const checked = await checkStoredLog(this.store, this.loader, gameId, this.options.underCurrentRules ?? false)
    if (!checked.ok && checked.snapshots) this.sessions.delete(gameId) // a session may rest on one of them
    return checked.ok ? { ...chain, signatures: checked.signatures } : checked
  }

  async signatures(gameId: string): Promise<SigningView> {
    const game = this.session(gameId).state.game as GameState
    return signingView(gameId, game, (seq) => this.hashAt(gameId, seq))
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
    const { meta, events } = await checkedImport(text, this.options.underCurrentRules ?? false)
    this.store.importGame(meta, events)
    return { gameId: meta.gameId, events: events.length }
  }

  async rulesets(): Promise<RulesetSummary[]> {
    return rulesetSummaries()
  }

  async catalogue(ruleset: string): Promise<RuleEntry[]> {
    const known = rulesetOf(ruleset)
    return known.catalogue.entries.map((entry) => ruleEntry(entry, definitionsOf(known).get(entry.id)))
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

  /** The live fold at the game's head, rebuilt (the whole chain checked first, see `GameLoader.load`) when needed. */
  private session(gameId: string): Session {
    const head = this.store.head(gameId).seq
    const current = this.currentSession(gameId, head)
    if (current) this.loader.assertWholeChain(gameId)
    return current ?? this.keepSession(gameId, this.loader.load(gameId, head))
  }

  /** `session` for a read that may wait: a long chain checked across threads, the fold done meanwhile. */
  private async checkedSession(gameId: string): Promise<Session> {
    const head = this.store.head(gameId).seq
    const current = this.currentSession(gameId, head)
    if (current) await this.loader.assertWholeChainAcrossThreads(gameId)
    return current ?? this.keepSession(gameId, await this.loader.loadAcrossThreads(gameId, head))
  }

  /** The session kept for a game while it is at `head`, and no other connection has written since (data_version). */
  private currentSession(gameId: string, head: number): Session | undefined {
    const session = this.sessions.get(gameId)
    if (!session || (session.state.game?.seq ?? 0) !== head || session.dataVersion !== this.store.dataVersion()) return
    return session
  }

  private keepSession(gameId: string, session: Session): Session {
    this.sessions.set(gameId, session)
    return session
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
    this.loader.assertWholeChain(gameId)
    const first = Math.min(...targetsOf(correction).filter((seq) => seq >= 1), game.seq)
    const seq = game.seq + 1
    const corrections = checkCorrection(correction, {
      seq,
      author,
      players: game.players.map((player) => player.id),
      corrections: this.loader.correctionsOf(gameId),
      events: [...this.store.readEvents(gameId, { fromSeq: first, forFold: true })],
    })
    let folded: Session
    let result: StepResult
    try {
      folded = this.loader.load(gameId, game.seq, corrections)
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
        ...this.recorder,
        rulesVersion: rulesVersionOf(game.ruleset, game.variant, game.catalogueHash),
        payload: correction,
      },
    ]) as [EventEnvelope]
    this.loader.noteAppended(gameId, stored)
    this.sessions.set(gameId, folded)
    this.loader.saveSnapshotIfDue(gameId, folded)
    this.scheduleIdleCheckpoint()
    return this.written(gameId, folded, view(stored, result))
  }

  /** A view or status with what its state was checked against, when that is more than the events folded. */
  private withChecks<T extends GameView | GameStatus>(gameId: string, session: Session, shown: T): T {
    const checks = this.loader.checksOf(gameId, session)
    return checks ? { ...shown, checks } : shown
  }

  /** WAL checkpoints run when the table has been quiet for a moment, never inside an append. */
  private scheduleIdleCheckpoint(): void {
    if (this.idle.timer) clearTimeout(this.idle.timer)
    this.idle.timer = setTimeout(() => {
      this.idle.timer = null
      this.store.checkpoint()
    }, IDLE_CHECKPOINT_MS)
    this.idle.timer.unref()
  }
}
