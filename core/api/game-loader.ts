import type { Engine, EngineState } from '../engine/driver.js'
import { canonicalJsonPieces } from '../events/canonical-json.js'
import { ArbiterError } from '../events/errors.js'
import { gameEvents } from '../events/index.js'
import { type EventStore, snapshotDigestOfPieces } from '../store/event-store.js'
import { engineForGame, foldEvents } from './fold.js'
import type { ChainCheck } from './game-api-contract.js'
import { brokenGame, sessionSnapshotKey, waypointKey } from './game-views.js'

/** What a game's hashed GameCreated says: the rules it replays under, its players and title. */
export interface CreatedPayload {
  readonly players: readonly { readonly id: string; readonly name: string }[]
  readonly ruleset: string
  readonly variant: string
  readonly catalogueHash: string
  readonly title?: string
}

/** A game folded through its engine to some seq, with the seq of the snapshot it started from. */
export interface Session {
  readonly engine: Engine
  readonly state: EngineState
  lastSnapshotSeq: number
}

/**
 * How a GameApi opens a game over its store: the chain checks, the engine a game's GameCreated
 * names, and the fold at the head or at a seq from the snapshot before it (docs/architecture.md
 * §Storage says what each open checks).
 */
export class GameLoader {
  /**
   * Games whose whole chain this loader has checked, with the head it had then: an open at a seq of
   * the same head (scrubbing through a game) does not hash the chain again. See `assertWholeChain`.
   */
  private readonly checkedHeads = new Map<string, { seq: number; hash: string }>()

  constructor(
    private readonly store: EventStore,
    private readonly underCurrentRules: boolean,
  ) {}

  /**
   * The chain check, with the place in `seq` and the sentence in `problem` (said once, not twice):
   * the whole chain, or from `fromSeq` to the head (see `EventStore.verifyGame`).
   */
  checkChain(gameId: string, fromSeq = 1): ChainCheck {
    const result = this.store.verifyGame(gameId, fromSeq)
    if (!result.ok) {
      const place = `game ${gameId} seq ${result.seq}: `
      const problem = result.problem.startsWith(place) ? result.problem.slice(place.length) : result.problem
      return { ok: false, seq: result.seq, problem }
    }
    return { ok: true, events: result.events, head: this.store.head(gameId).hash }
  }

  assertChainIntact(gameId: string, fromSeq = 1): void {
    const chain = this.checkChain(gameId, fromSeq)
    if (!chain.ok) throw brokenGame(gameId, chain.seq, chain.problem)
  }

  /**
   * The whole chain, checked once for a head: an open at a seq checks it as `verify` does, then
   * remembers the head it checked, and the next open of the same head (the same seq and hash, the
   * head row re-hashed) skips the walk. A row before the head edited around Arbiter since is caught
   * by the next GameApi (every command opens one) and by `verify`, `replay` and `export`.
   */
  assertWholeChain(gameId: string): void {
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
   * The state at the head, checked as far as it rests on the chain: GameCreated hashed (`engineOf`),
   * then the newest snapshot the chain still anchors and every event after it, hashed and linked,
   * before any is folded. Without a trusted snapshot, the whole chain. O(events after the snapshot).
   */
  loadHead(gameId: string, head: number): Session {
    const { engine } = this.engineOf(gameId)
    const key = sessionSnapshotKey(engine)
    const snapshot = this.store.checkedSnapshot(gameId, head, key)
    const trusted = snapshot?.trusted ? snapshot : null
    this.assertChainIntact(gameId, trusted ? trusted.seq + 1 : 1)
    const state = trusted ? engine.restore(trusted.stateJson) : engine.initialState()
    const tail = this.store.readEvents(gameId, { fromSeq: (trusted?.seq ?? 0) + 1, toSeq: head, forFold: true })
    foldEvents(engine, state, tail)
    return { engine, state, lastSnapshotSeq: trusted?.seq ?? 0 }
  }

  /**
   * The state at `toSeq` from the newest trusted snapshot before it, a head snapshot or a waypoint;
   * the caller has checked the chain.
   */
  load(gameId: string, toSeq: number): Session {
    const { engine } = this.engineOf(gameId)
    const key = sessionSnapshotKey(engine)
    const recent = this.store.latestSnapshot(gameId, toSeq, key)
    const waypoint = this.store.latestSnapshot(gameId, toSeq, waypointKey(key))
    const snapshot = recent && (!waypoint || recent.seq >= waypoint.seq) ? recent : waypoint
    const state = snapshot ? engine.restore(snapshot.stateJson) : engine.initialState()
    foldEvents(
      engine,
      state,
      this.store.readEvents(gameId, { fromSeq: (snapshot?.seq ?? 0) + 1, toSeq, forFold: true }),
    )
    return { engine, state, lastSnapshotSeq: snapshot?.seq ?? 0 }
  }

  /**
   * For a replay: a check, called after each seq is folded into `state`, that compares the state with
   * the stored snapshot at that seq, if an open would trust one there. A snapshot an open would use
   * but that differs from the state its events give was forged with its digest (or the engine changed
   * without its rules identity changing): `store/bad-snapshot`, naming its seq.
   */
  snapshotComparer(gameId: string, engine: Engine, state: EngineState): (seq: number) => void {
    const keys = [sessionSnapshotKey(engine), waypointKey(sessionSnapshotKey(engine))]
    const seqs = new Map<number, string[]>()
    for (const key of keys)
      for (const seq of this.store.snapshotSeqs(gameId, key)) seqs.set(seq, [...(seqs.get(seq) ?? []), key])
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
}
