import type { Engine, EngineState } from '../engine/driver.js'
import type { GameState, StepOptions } from '../engine/types.js'
import { ArbiterError } from '../events/errors.js'
import { gameEvents } from '../events/index.js'
import type { EventStore, VerifyResult } from '../store/event-store.js'
import { type Corrections, correctionsOf, firstChangedBefore } from './corrections.js'
import { engineForGame, foldEvents } from './fold.js'
import type { ChainCheck, SetAsideSnapshot, StateChecks } from './game-api-contract.js'
import { brokenGame, sessionSnapshotKey, statusOf, waypointKey } from './game-views.js'

/** What a game's hashed GameCreated says: the rules it replays under, its players and title. */
export interface CreatedPayload {
  readonly players: readonly { readonly id: string; readonly name: string }[]
  readonly ruleset: string
  readonly variant: string
  readonly catalogueHash: string
  readonly title?: string
}

/** A stored snapshot a fold started from: where, under which key, and its digest. */
interface SnapshotStart {
  readonly seq: number
  readonly key: string
  readonly digest: string
}

/** A game folded through its engine to some seq, with the snapshot it started from (none: seq 1). */
export interface Session {
  readonly engine: Engine
  readonly state: EngineState
  lastSnapshotSeq: number
  /** The stored snapshot the fold started from; none when it folded every event. */
  readonly start: SnapshotStart | null
  /** Stored snapshots found wrong on the way, not used. */
  readonly setAside: readonly SetAsideSnapshot[]
  /** The file's data version when the session was folded: another connection's write since makes it stale. */
  readonly dataVersion: number
}

/**
 * A snapshot is taken at most this many events apart, when no procedure is open: the newest few are
 * kept for the head, and each is also kept as a waypoint, so an open at any seq folds at most about
 * this many events from the waypoint before it.
 */
export const SNAPSHOT_INTERVAL = 1000

/** A store's chain check as a GameApi says it: the place in `seq` and the sentence in `problem` (said once, not twice). */
function chainCheckOf(gameId: string, result: VerifyResult, headHash: () => string): ChainCheck {
  if (!result.ok) {
    const place = `game ${gameId} seq ${result.seq}: `
    const problem = result.problem.startsWith(place) ? result.problem.slice(place.length) : result.problem
    return { ok: false, seq: result.seq, problem }
  }
  return { ok: true, events: result.events, head: headHash() }
}

/** A snapshot found wrong, under its key, so that it can be filed again from the events. */
interface Wrong extends SetAsideSnapshot {
  readonly key: string
}

/**
 * How a GameApi opens a game over its store (docs/architecture.md §Storage): the whole hash chain
 * checked first, on every open (once per change to the file: see `assertWholeChain`); the engine
 * the game's hashed GameCreated names; then the fold to the seq asked for, from the newest stored
 * snapshot before it that the chain anchors and that restores to a state at its own seq. A snapshot
 * that fails is named, set aside and, where the store may be written, filed again from the events
 * as they are folded past it. A state restored from a snapshot is shown as unverified
 * (`StateChecks.unverifiedSnapshot`) until this loader has seen it is what the events give: a replay
 * that folded through it, or a session that saved it from a fold that was itself verified.
 */
export class GameLoader {
  /** Games whose whole chain was checked, with the head and the file's data version then. */
  private readonly checkedHeads = new Map<string, { seq: number; hash: string; dataVersion: number }>()
  /** Snapshots shown to be what the events give, `key@seq` to digest, by game. */
  private readonly verified = new Map<string, Map<string, string>>()
  /** Snapshots a replay found to differ from the events (forged with their digest), `key@seq` to digest. */
  private readonly forged = new Map<string, Map<string, { digest: string; problem: string }>>()
  /** Every correction in a game's log, read once for a head (scrubbing reuses them). */
  private readonly correctionsByHead = new Map<string, { seq: number; hash: string; corrections: Corrections }>()
  /** While a fold runs before its chain is known to hold (`loadAcrossThreads`): the snapshots it would file again. */
  private deferredRefiles: (() => void)[] | null = null

  constructor(
    private readonly store: EventStore,
    private readonly underCurrentRules: boolean,
  ) {}

  /**
   * The chain check, with the place in `seq` and the sentence in `problem` (said once, not twice):
   * the whole chain, or from `fromSeq` to the head (see `EventStore.verifyGame`).
   */
  checkChain(gameId: string, fromSeq = 1): ChainCheck {
    return chainCheckOf(gameId, this.store.verifyGame(gameId, fromSeq), () => this.store.head(gameId).hash)
  }

  /** The whole chain checked now (not remembered), across threads when it is long (`EventStore.verifyGameAcrossThreads`). */
  async checkChainAcrossThreads(gameId: string): Promise<ChainCheck> {
    return chainCheckOf(gameId, await this.store.verifyGameAcrossThreads(gameId), () => this.store.head(gameId).hash)
  }

  async assertChainAcrossThreads(gameId: string): Promise<void> {
    const chain = await this.checkChainAcrossThreads(gameId)
    if (!chain.ok) throw brokenGame(gameId, chain.seq, chain.problem)
  }

  /**
   * The whole chain, seq 1 to the head, as `verify` checks it; remembered with the head and the
   * file's data version, so that it is hashed again only when something else has written to the file
   * since (another command, another process, an edit around Arbiter: SQLite's `data_version` tells)
   * or the head moved under another writer. This GameApi's own appends keep it (`noteAppended`).
   */
  wholeChain(gameId: string): ChainCheck {
    const known = this.knownWholeChain(gameId)
    if (known.chain) return known.chain
    const chain = this.checkChain(gameId)
    if (chain.ok) this.checkedHeads.set(gameId, { ...known.head, dataVersion: known.dataVersion })
    return chain
  }

  /**
   * `wholeChain`, a long chain checked across threads (`EventStore.verifyGameAcrossThreads`): an async read
   * calls it first, so that the check its synchronous fold then asks for is the one remembered here.
   */
  async wholeChainAcrossThreads(gameId: string, meanwhile: () => void = () => {}): Promise<ChainCheck> {
    const known = this.knownWholeChain(gameId)
    if (known.chain) {
      meanwhile()
      return known.chain
    }
    const { head, dataVersion } = known
    const result = await this.store.verifyGameAcrossThreads(gameId, head.seq, meanwhile)
    const chain = chainCheckOf(gameId, result, () => head.hash)
    // Only a check of the rows still there: another write while the threads ran is seen by the next open.
    if (chain.ok) this.checkedHeads.set(gameId, { ...head, dataVersion })
    return chain
  }

  /** The game's head and the file's data version now, and the whole-chain check that still holds for them, if any. */
  private knownWholeChain(gameId: string): {
    head: { seq: number; hash: string }
    dataVersion: number
    chain?: ChainCheck
  } {
    const head = this.store.head(gameId)
    const dataVersion = this.store.dataVersion()
    const checked = this.checkedHeads.get(gameId)
    if (checked && checked.seq === head.seq && checked.hash === head.hash && checked.dataVersion === dataVersion)
      return { head, dataVersion, chain: { ok: true, events: head.seq, head: head.hash } }
    this.checkedHeads.delete(gameId)
    return { head, dataVersion }
  }

  assertWholeChain(gameId: string): void {
    const chain = this.wholeChain(gameId)
    if (!chain.ok) throw brokenGame(gameId, chain.seq, chain.problem)
  }

  async assertWholeChainAcrossThreads(gameId: string, meanwhile?: () => void): Promise<void> {
    const chain = await this.wholeChainAcrossThreads(gameId, meanwhile)
    if (!chain.ok) throw brokenGame(gameId, chain.seq, chain.problem)
  }

  /** This GameApi appended `head` to a chain it had checked whole: the check still holds. */
  noteAppended(gameId: string, head: { seq: number; hash: string }): void {
    const checked = this.checkedHeads.get(gameId)
    if (checked && checked.seq === head.seq - 1 && checked.dataVersion === this.store.dataVersion())
      this.checkedHeads.set(gameId, { ...checked, seq: head.seq, hash: head.hash })
    else this.checkedHeads.delete(gameId)
  }

  /**
   * The engine a game replays under, from its hashed GameCreated (not from the games table, which
   * is a mutable index): its ruleset, and its catalogue checked against this Arbiter's.
   */
  engineOf(gameId: string): { engine: Engine; catalogueHash: string } {
    const [first] = [...this.store.readEvents(gameId, { toSeq: 1, verify: true })]
    if (!first) throw new ArbiterError('store/unknown-game', `there is no game ${gameId}`)
    const created = gameEvents.readPayload(first.type, first.v, first.payload) as CreatedPayload
    return {
      engine: engineForGame(created.ruleset, created.catalogueHash, this.underCurrentRules),
      catalogueHash: created.catalogueHash,
    }
  }

  /**
   * Every correction in a game's log (every view folds the game as corrected: core/api/corrections.ts), read
   * once for a head: opens at other seqs of the same head (scrubbing) reuse them.
   */
  correctionsOf(gameId: string): Corrections {
    const head = this.store.head(gameId)
    const known = this.correctionsByHead.get(gameId)
    if (known && known.seq === head.seq && known.hash === head.hash) return known.corrections
    const corrections = correctionsOf(this.store.correctionEvents(gameId))
    this.correctionsByHead.set(gameId, { ...head, corrections })
    return corrections
  }

  /**
   * The game at `toSeq` (the head for a writer's session): the whole chain checked, then folded from
   * the newest usable snapshot at or before it (a head snapshot or a waypoint), or from seq 1. A fold
   * from a snapshot that fails is done again from seq 1, the snapshot set aside; a fold from seq 1
   * that fails names the event (`store/bad-event`) or the rule that refuses it. Folded as `corrections` say
   * (the log's own, or with one about to be recorded), from a snapshot no later correction changed.
   */
  load(gameId: string, toSeq: number, corrections = this.correctionsOf(gameId)): Session {
    const { engine } = this.engineOf(gameId)
    this.assertWholeChain(gameId)
    return this.fold(gameId, engine, toSeq, corrections)
  }

  /**
   * `load`, with a long chain checked across threads and the fold done on this thread meanwhile (while the
   * workers start and take their first pieces), as the game's corrections say. Nothing folded is shown, and
   * nothing is filed, before the whole chain has passed: a snapshot the fold would file again waits for it,
   * and a broken chain is named before anything the fold found wrong. `options` as the engine's step takes them:
   * a view that is never stepped on folds without the explanations nothing reads.
   */
  async loadAcrossThreads(gameId: string, toSeq: number, options?: StepOptions): Promise<Session> {
    const { engine } = this.engineOf(gameId)
    const corrections = this.correctionsOf(gameId)
    const refiles: (() => void)[] = []
    const folded: { session?: Session; failure?: unknown } = {}
    await this.assertWholeChainAcrossThreads(gameId, () => {
      this.deferredRefiles = refiles
      try {
        folded.session = this.fold(gameId, engine, toSeq, corrections, options)
      } catch (failure) {
        folded.failure = failure
      } finally {
        this.deferredRefiles = null
      }
    })
    for (const refile of refiles) refile()
    if (folded.session === undefined) throw folded.failure
    return folded.session
  }

  /** `load` once the chain has been checked. */
  private fold(
    gameId: string,
    engine: Engine,
    toSeq: number,
    corrections: Corrections,
    options?: StepOptions,
  ): Session {
    const setAside: Wrong[] = []
    const restored = this.restorable(gameId, engine, toSeq, setAside, corrections)
    if (restored) {
      try {
        return this.foldFrom(gameId, engine, restored, toSeq, setAside, corrections, options)
      } catch (error) {
        if (error instanceof ArbiterError && error.code.startsWith('store/') && error.code !== 'store/bad-event')
          throw error
        const problem = `the events after it do not fold from it: ${(error as Error).message}`
        setAside.push({ seq: restored.start.seq, key: restored.start.key, problem })
      }
    }
    return this.foldFrom(gameId, engine, null, toSeq, setAside, corrections, options)
  }

  /**
   * For a fork (what-if): the newest usable snapshot at or before `toSeq` that no correction changed, as its
   * seq and a state restorable as often as asked; null when a fold must start at seq 1.
   */
  startBefore(gameId: string, engine: Engine, toSeq: number): { seq: number; restore: () => EngineState } | null {
    const restored = this.restorable(gameId, engine, toSeq, [], this.correctionsOf(gameId))
    const json = restored ? engine.snapshot(restored.state) : null
    return restored && json !== null ? { seq: restored.start.seq, restore: () => engine.restore(json) } : null
  }

  /** What a view of a session's state says about its checks, or undefined when it is the events folded. */
  checksOf(gameId: string, session: Session): StateChecks | undefined {
    const unverified = session.start && !this.isVerified(gameId, session.start) ? session.start.seq : undefined
    if (unverified === undefined && session.setAside.length === 0) return undefined
    return {
      ...(unverified === undefined ? {} : { unverifiedSnapshot: unverified }),
      ...(session.setAside.length === 0 ? {} : { setAside: session.setAside }),
    }
  }

  /** Whether a session's state is what the events give: folded from seq 1 or from a verified snapshot. */
  sessionVerified(gameId: string, session: Session): boolean {
    return session.start === null || this.isVerified(gameId, session.start)
  }

  /** A session SNAPSHOT_INTERVAL events past its last snapshot saves one, and a waypoint, unless a procedure is open. */
  saveSnapshotIfDue(gameId: string, session: Session): void {
    const game = session.state.game as GameState
    if (game.seq - session.lastSnapshotSeq < SNAPSHOT_INTERVAL) return
    const json = session.engine.snapshot(session.state)
    if (json === null) return
    const key = sessionSnapshotKey(session.engine)
    this.store.saveSnapshot(gameId, game.seq, key, json)
    this.store.saveSnapshot(gameId, game.seq, waypointKey(key), json, false)
    session.lastSnapshotSeq = game.seq
    this.noteSaved(gameId, session, game.seq, [key, waypointKey(key)])
  }

  /** A session saved its state as a snapshot: verified when the session is. */
  noteSaved(gameId: string, session: Session, seq: number, keys: readonly string[]): void {
    if (!this.sessionVerified(gameId, session)) return
    for (const key of keys) {
      const stored = this.store.snapshotDigestAt(gameId, seq, key)
      if (stored) this.mark(this.verified, gameId).set(`${key}@${seq}`, stored.digest)
    }
  }

  /**
   * For a replay and `verify`: a check, called after each seq is folded into `state`, that compares the
   * state with every stored snapshot at that seq (a head snapshot or a waypoint of this engine). One
   * that matches is verified; one that differs is named in `setAside`: forged with its digest (or the
   * engine changed without its rules identity changing), and then never used again by this loader;
   * wrong on its face (its digest, its anchor), which an open sets aside too; or stored where the events
   * leave a procedure open, which no snapshot can hold. `refile` (called when the read is done: SQLite
   * writes nothing while a read is open) files those again from the folded states where the store may
   * be written.
   */
  snapshotComparer(
    gameId: string,
    engine: Engine,
    state: EngineState,
    setAside: SetAsideSnapshot[],
    corrections: Corrections,
  ): { check: (seq: number) => void; refile: () => void } {
    const keys = [sessionSnapshotKey(engine), waypointKey(sessionSnapshotKey(engine))]
    const seqs = new Map<number, string[]>()
    // A snapshot a later correction changed is the game as it stood before it: no open of the corrected game uses it.
    for (const key of keys)
      for (const seq of this.store.snapshotSeqs(gameId, key))
        if (firstChangedBefore(seq, corrections) === null) seqs.set(seq, [...(seqs.get(seq) ?? []), key])
    const pending: { wrong: Wrong; json: string }[] = []
    const check = (seq: number): void => {
      const keysAt = seqs.get(seq)
      if (keysAt === undefined || !state.game) return
      const name = (problem: string): void => {
        if (!setAside.some((s) => s.seq === seq)) setAside.push({ seq, problem })
      }
      if (state.frames.size > 0) {
        name('a stored snapshot is filed where the events leave a procedure open, which no snapshot can hold')
        return
      }
      // The folded state's text, made at most once for every key filed at this seq (a head snapshot and its waypoint).
      let folded: string | null | undefined
      const foldedText = (): string | null => {
        if (folded === undefined) folded = engine.snapshot(state)
        return folded
      }
      for (const key of keysAt) {
        // On its face first (its digest over its state, its anchor): what an open sets aside is named here too.
        const checked = this.store.checkedSnapshot(gameId, seq, key)
        if (!checked || checked.seq !== seq) continue
        if (!checked.trusted) {
          const json = foldedText()
          name(checked.problem)
          if (json !== null) pending.push({ wrong: { seq, key, problem: checked.problem }, json })
          continue
        }
        // Trusted, so its digest is its state's. Already shown to be what the events give, under this very
        // digest (an earlier replay in this GameApi): nothing to compare again.
        const digest = this.store.snapshotDigestAt(gameId, seq, key)?.digest ?? ''
        if (this.verified.get(gameId)?.get(`${key}@${seq}`) === digest) continue
        // Otherwise it is what the events give exactly when its text is the folded one.
        const json = foldedText()
        if (json === null) continue
        if (json === checked.stateJson) {
          this.mark(this.verified, gameId).set(`${key}@${seq}`, digest)
          continue
        }
        const problem = 'the stored snapshot differs from the state the events give: it was changed around Arbiter'
        this.mark(this.forged, gameId).set(`${key}@${seq}`, { digest, problem })
        name(problem)
        pending.push({ wrong: { seq, key, problem }, json })
      }
    }
    const refile = (): void => {
      for (const { wrong, json } of pending.splice(0)) this.refile(gameId, [wrong], new Map([[wrong.seq, json]]), true)
    }
    return { check, refile }
  }

  // ---------------------------------------------------------------------------------------------

  private isVerified(gameId: string, start: SnapshotStart): boolean {
    return this.verified.get(gameId)?.get(`${start.key}@${start.seq}`) === start.digest
  }

  private mark<T>(memo: Map<string, Map<string, T>>, gameId: string): Map<string, T> {
    let byGame = memo.get(gameId)
    if (!byGame) {
      byGame = new Map()
      memo.set(gameId, byGame)
    }
    return byGame
  }

  /**
   * The newest stored snapshot at or before `toSeq` that can be used: anchored by the chain, matching
   * its digest, not found forged by a replay, and restoring to a sound state at its own seq (a state
   * claiming another seq would set a writer's expected version wrong and lock the game). Every one
   * passed over on the way is added to `setAside`.
   */
  private restorable(
    gameId: string,
    engine: Engine,
    toSeq: number,
    setAside: Wrong[],
    corrections: Corrections,
  ): { start: SnapshotStart; state: EngineState } | null {
    const key = sessionSnapshotKey(engine)
    // A snapshot taken before a correction that changed an event at or before it is not the corrected game.
    const usable = (seq: number) => seq <= toSeq && firstChangedBefore(seq, corrections) === null
    const candidates = [key, waypointKey(key)]
      .flatMap((k) => this.store.snapshotSeqs(gameId, k).flatMap((seq) => (usable(seq) ? [{ seq, key: k }] : [])))
      .sort((a, b) => b.seq - a.seq)
    for (const { seq, key: k } of candidates) {
      const check = this.store.checkedSnapshot(gameId, seq, k)
      if (!check || check.seq !== seq) continue
      if (!check.trusted) {
        setAside.push({ seq, key: k, problem: check.problem })
        continue
      }
      // Trusted, so its digest is the one stored and matches its state.
      const digest = this.store.snapshotDigestAt(gameId, seq, k)?.digest ?? ''
      const forged = this.forged.get(gameId)?.get(`${k}@${seq}`)
      if (forged?.digest === digest) {
        setAside.push({ seq, key: k, problem: forged.problem })
        continue
      }
      try {
        const state = engine.restore(check.stateJson)
        soundState(gameId, engine, state, seq)
        return { start: { seq, key: k, digest }, state }
      } catch (error) {
        setAside.push({ seq, key: k, problem: `its state does not restore: ${(error as Error).message}` })
      }
    }
    return null
  }

  /**
   * Folds the events after `restored` (or all) to `toSeq`, capturing the state at each set-aside
   * snapshot's seq it passes, and files those again from the events where the store may be written.
   */
  private foldFrom(
    gameId: string,
    engine: Engine,
    restored: { start: SnapshotStart; state: EngineState } | null,
    toSeq: number,
    setAside: readonly Wrong[],
    corrections: Corrections,
    options?: StepOptions,
  ): Session {
    const fromSeq = restored?.start.seq ?? 0
    const state = restored?.state ?? engine.initialState()
    const wanted = new Set(setAside.filter((s) => s.seq > fromSeq && s.seq <= toSeq).map((s) => s.seq))
    const captured = new Map<number, string>()
    // A snapshot set aside at the seq the fold starts from (a head snapshot beside its waypoint) is filed from that state.
    const atStart = restored && setAside.some((s) => s.seq === fromSeq) ? engine.snapshot(state) : null
    if (atStart !== null) captured.set(fromSeq, atStart)
    const events = this.store.readEvents(gameId, { fromSeq: fromSeq + 1, toSeq, forFold: true })
    foldEvents(
      engine,
      state,
      events,
      (_, event) => {
        if (!wanted.has(event.seq)) return
        const json = engine.snapshot(state)
        if (json !== null) captured.set(event.seq, json)
      },
      corrections,
      options,
    )
    const session: Session = {
      engine,
      state,
      lastSnapshotSeq: fromSeq,
      start: restored?.start ?? null,
      setAside: uniqueBySeq(setAside),
      dataVersion: this.store.dataVersion(),
    }
    this.refile(gameId, setAside, captured, this.sessionVerified(gameId, session))
    return session
  }

  /** Files set-aside snapshots again from states folded from the events, where the store may be written. */
  private refile(
    gameId: string,
    wrong: readonly Wrong[],
    states: ReadonlyMap<number, string>,
    verified: boolean,
  ): void {
    if (!this.store.writable) return
    if (this.deferredRefiles) {
      this.deferredRefiles.push(() => this.refile(gameId, wrong, states, verified))
      return
    }
    for (const { seq, key } of wrong) {
      const json = states.get(seq)
      if (json === undefined) continue
      try {
        this.store.saveSnapshot(gameId, seq, key, json, false)
      } catch (error) {
        // A snapshot is a cache: one that cannot be filed now (another writer holds the lock) is left aside.
        if (error instanceof ArbiterError && error.code === 'store/busy') continue
        throw error
      }
      this.forged.get(gameId)?.delete(`${key}@${seq}`)
      const stored = this.store.snapshotDigestAt(gameId, seq, key)
      if (verified && stored) this.mark(this.verified, gameId).set(`${key}@${seq}`, stored.digest)
    }
  }
}

/** Refuses a restored state that is not a game at `seq` of this game and ruleset, or that a status cannot read. */
function soundState(gameId: string, engine: Engine, state: EngineState, seq: number): void {
  const game = state.game as GameState | null | undefined
  if (typeof game !== 'object' || game === null) throw new Error('it holds no game')
  if (game.seq !== seq) throw new Error(`it claims seq ${String(game.seq)} but is stored at seq ${seq}`)
  if (game.gameId !== gameId) throw new Error(`it is the state of game ${String(game.gameId)}`)
  if (game.ruleset !== engine.ruleset.id) throw new Error(`it is a state of ruleset ${String(game.ruleset)}`)
  for (const field of ['units', 'combats', 'requests'] as const)
    if (typeof game[field] !== 'object' || game[field] === null || Array.isArray(game[field]))
      throw new Error(`its ${field} is not a record`)
  if (!Array.isArray(game.players) || !Array.isArray(game.effects))
    throw new Error('its players or effects are not lists')
  // What a status prints of each open request.
  for (const [id, request] of Object.entries(game.requests)) {
    const shown = request as unknown as Record<string, unknown> | null
    const sound =
      typeof shown === 'object' &&
      shown !== null &&
      shown.id === id &&
      typeof shown.text === 'string' &&
      (shown.kind === 'dice' || (shown.kind === 'choice' && Array.isArray(shown.options)))
    if (!sound) throw new Error(`its open request ${id} is not a request`)
  }
  statusOf(gameId, engine.ruleset, game)
}

function uniqueBySeq(wrong: readonly Wrong[]): SetAsideSnapshot[] {
  const bySeq = new Map<number, SetAsideSnapshot>()
  for (const { seq, problem } of wrong) if (!bySeq.has(seq)) bySeq.set(seq, { seq, problem })
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq)
}
