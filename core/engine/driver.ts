import { canonicalJson } from '../events/canonical-json.js'
import { type Explanation, explain, type RuleRef } from '../explain/explanation.js'
import type { CatalogueEntry } from './catalogue.js'
import { RuleError } from './errors.js'
import type {
  Answer,
  EngineEvent,
  EventOf,
  GameState,
  OpenRequest,
  Outcome,
  OutcomeInit,
  Procedure,
  ProcedureContext,
  RequestSpec,
  Ruleset,
  StepResult,
  UnitState,
} from './types.js'

/** A procedure in progress: its generator and the request it waits on. */
interface Frame {
  readonly procedure: string
  readonly generator: Procedure
  readonly context: ProcedureContext
}

/**
 * The fold's accumulator. `game` is plain JSON; `frames` holds the open procedures (generators),
 * which is why snapshots are taken only when none is open. A step changes the accumulator in
 * place — no collection is copied per event — and a caller that must keep an older state
 * replays to it (api does, from the nearest snapshot).
 */
export interface EngineState {
  game: GameState | null
  readonly frames: Map<string, Frame>
}

export interface Engine {
  readonly ruleset: Ruleset
  initialState(): EngineState
  step(state: EngineState, event: EngineEvent): StepResult
  /** Canonical JSON of the game, or null while a procedure is open (it cannot be serialised). */
  snapshot(state: EngineState): string | null
  restore(snapshotJson: string): EngineState
}

/** The heading of a step whose procedure said several things. */
function stepTitle(event: EngineEvent): string {
  if (event.type === 'DiceRolled')
    return `dice ${event.payload.faces.join(', ')} for request ${event.payload.requestId}`
  if (event.type === 'ChoiceMade') return `choice "${event.payload.option}" for request ${event.payload.requestId}`
  return `seq ${event.seq}: ${event.type}`
}

export function createEngine(ruleset: Ruleset): Engine {
  const entries = new Map<string, CatalogueEntry>(ruleset.catalogue.entries.map((entry) => [entry.id, entry]))
  const decisions = new Map(ruleset.catalogue.decisions.map((decision) => [decision.id, decision]))
  // Every citation, made once: id -> clause -> reference (a hot path of every procedure).
  const ruleRefs = new Map<string, Map<string, RuleRef>>(
    ruleset.catalogue.entries.map((entry) => [
      entry.id,
      new Map(
        Object.keys(entry.clauses).map((clause) => [
          clause,
          Object.freeze({ ruleset: ruleset.id, id: entry.id, clause }),
        ]),
      ),
    ]),
  )

  function rule(id: string, clause: string): RuleRef {
    const ref = ruleRefs.get(id)?.get(clause)
    if (!ref) throw new Error(`ruleset ${ruleset.id} cites ${id} §${clause}, which its catalogue does not have`)
    return ref
  }

  function requireGame(state: EngineState, event: EngineEvent): GameState {
    if (!state.game) throw new RuleError('engine/no-game', `seq ${event.seq}: ${event.type} before GameCreated`)
    return state.game
  }

  function requireNoOpenRequests(game: GameState, event: EngineEvent): void {
    const open = Object.keys(game.requests)
    if (open.length > 0) {
      throw new RuleError(
        'engine/requests-open',
        `seq ${event.seq}: ${event.type} while request ${open.join(', ')} is still open; answer it first`,
      )
    }
  }

  function requirePlayer(game: GameState, player: string, event: EngineEvent): void {
    if (!game.players.some((p) => p.id === player)) {
      throw new RuleError(
        'engine/unknown-player',
        `seq ${event.seq}: ${event.type} names player "${player}", who is not in this game (${game.players.map((p) => p.id).join(', ')})`,
      )
    }
  }

  function unitOf(game: GameState, id: string, seq: number): UnitState {
    const unit = Object.hasOwn(game.units, id) ? game.units[id] : undefined
    if (!unit) throw new RuleError('engine/unknown-unit', `seq ${seq}: no unit "${id}" has been mustered`)
    return unit
  }

  /** Per-step scratch the procedures write to. */
  let stepOutcomes: Outcome[] = []
  let stepRequests: OpenRequest[] = []
  let stepSeq = 0

  function makeContext(game: GameState): ProcedureContext {
    return {
      game,
      variant: game.variant,
      get seq() {
        return stepSeq
      },
      unit: (id) => unitOf(game, id, stepSeq),
      rule,
      decision(id) {
        const decision = decisions.get(id)
        const value = decision?.values[game.variant]
        if (value === undefined)
          throw new Error(`ruleset ${ruleset.id} has no decision ${id} for variant ${game.variant}`)
        return value
      },
      emit(outcome: OutcomeInit) {
        stepOutcomes.push(Object.assign({}, outcome, { seq: stepSeq }))
      },
    }
  }

  /** Runs a procedure until it asks for something or ends; registers what it asks for. */
  function advance(state: EngineState, game: GameState, frame: Frame, answer: Answer | undefined): void {
    const next = answer === undefined ? frame.generator.next() : frame.generator.next(answer)
    if (next.done) return
    const spec: RequestSpec = next.value
    const id = `${stepSeq}.${stepRequests.length + 1}`
    // Object.assign, not a spread: on Node 20 spreading a request costs ~7x more, on a hot path.
    const request = Object.assign({}, spec, { id, openedAt: stepSeq, procedure: frame.procedure }) as OpenRequest
    game.requests[id] = request
    state.frames.set(id, frame)
    stepRequests.push(request)
  }

  function checkAnswer(request: OpenRequest, event: EngineEvent): Answer {
    if (event.type === 'DiceRolled') {
      if (request.kind !== 'dice') {
        throw new RuleError(
          'engine/wrong-answer',
          `seq ${event.seq}: request ${request.id} asks for a choice (${request.text}), not dice`,
        )
      }
      const { faces, source } = event.payload
      if (faces.length !== request.count) {
        throw new RuleError(
          'engine/wrong-dice',
          `seq ${event.seq}: request ${request.id} (${request.text}) wants ${request.count} dice, got ${faces.length}`,
        )
      }
      const bad = faces.find((face) => face < 1 || face > request.sides)
      if (bad !== undefined) {
        throw new RuleError(
          'engine/wrong-dice',
          `seq ${event.seq}: request ${request.id} wants D${request.sides} faces 1-${request.sides}, got ${bad}`,
        )
      }
      return { kind: 'dice', faces, source, seq: event.seq }
    }
    if (event.type !== 'ChoiceMade') throw new Error('unreachable: not an answer')
    if (request.kind !== 'choice') {
      throw new RuleError(
        'engine/wrong-answer',
        `seq ${event.seq}: request ${request.id} asks for dice (${request.text}), not a choice`,
      )
    }
    const option = event.payload.option
    if (!request.options.some((o) => o.id === option)) {
      throw new RuleError(
        'engine/wrong-choice',
        `seq ${event.seq}: request ${request.id} offers ${request.options.map((o) => o.id).join(', ')}, not "${option}"`,
      )
    }
    return { kind: 'choice', option, seq: event.seq }
  }

  function apply(state: EngineState, event: EngineEvent): Explanation | null {
    if (event.type === 'GameCreated') {
      if (state.game) throw new RuleError('engine/game-exists', `seq ${event.seq}: a second GameCreated`)
      const p = event.payload
      if (p.ruleset !== ruleset.id) {
        throw new RuleError(
          'engine/wrong-ruleset',
          `seq ${event.seq}: the game is for ruleset "${p.ruleset}", this engine runs "${ruleset.id}"`,
        )
      }
      if (!Object.hasOwn(ruleset.catalogue.variants, p.variant)) {
        throw new RuleError(
          'engine/unknown-variant',
          `seq ${event.seq}: ruleset ${ruleset.id} has no variant "${p.variant}" (has ${Object.keys(ruleset.catalogue.variants).join(', ')})`,
        )
      }
      const ids = p.players.map((player) => player.id)
      if (new Set(ids).size !== ids.length)
        throw new RuleError('engine/duplicate-player', `seq ${event.seq}: player ids repeat (${ids.join(', ')})`)
      state.game = {
        gameId: event.gameId,
        ruleset: p.ruleset,
        variant: p.variant,
        catalogueHash: p.catalogueHash,
        title: p.title ?? null,
        players: p.players.map((player) => ({ id: player.id, name: player.name })),
        seq: 0,
        turn: 0,
        activePlayer: null,
        phase: null,
        units: {},
        requests: {},
      }
      return explain(`game created: ${ruleset.name}, variant ${p.variant}, catalogue ${p.catalogueHash.slice(0, 12)}`, {
        from: [event.seq],
      })
    }
    const game = requireGame(state, event)
    switch (event.type) {
      case 'ArmyMustered': {
        requirePlayer(game, event.payload.player, event)
        for (const unit of event.payload.units) {
          if (Object.hasOwn(game.units, unit.id))
            throw new RuleError('engine/duplicate-unit', `seq ${event.seq}: unit "${unit.id}" is already mustered`)
          for (const ref of [...unit.gear, ...unit.rules]) {
            if (!entries.has(ref))
              throw new RuleError(
                'rules/unknown-entry',
                `seq ${event.seq}: unit "${unit.id}" names "${ref}", which the ${ruleset.id} catalogue does not have`,
              )
          }
        }
        for (const unit of event.payload.units) {
          game.units[unit.id] = {
            id: unit.id,
            name: unit.name,
            player: event.payload.player,
            troopType: unit.troopType,
            profile: { ...unit.profile },
            gear: [...unit.gear],
            rules: [...unit.rules],
            startingModels: unit.models,
            models: unit.models,
            woundsOnNextModel: 0,
            musteredAt: event.seq,
            changedAt: event.seq,
          }
        }
        return explain(
          `${event.payload.player} musters ${event.payload.units.map((u) => `${u.name} (${u.models})`).join(', ')}`,
          { from: [event.seq] },
        )
      }
      case 'TurnStarted': {
        requirePlayer(game, event.payload.player, event)
        requireNoOpenRequests(game, event)
        if (event.payload.turn < game.turn)
          throw new RuleError(
            'engine/turn-order',
            `seq ${event.seq}: turn ${event.payload.turn} after turn ${game.turn}`,
          )
        game.turn = event.payload.turn
        game.activePlayer = event.payload.player
        game.phase = null
        return explain(`turn ${game.turn}: ${event.payload.player} to play`, { from: [event.seq] })
      }
      case 'PhaseStarted': {
        requireNoOpenRequests(game, event)
        if (game.turn === 0)
          throw new RuleError('engine/no-turn', `seq ${event.seq}: PhaseStarted before any TurnStarted`)
        if (!ruleset.phases.includes(event.payload.phase)) {
          throw new RuleError(
            'rules/unknown-phase',
            `seq ${event.seq}: ${ruleset.id} has no phase "${event.payload.phase}" (${ruleset.phases.join(', ')})`,
          )
        }
        game.phase = event.payload.phase
        return explain(`${event.payload.phase} phase of turn ${game.turn}`, { from: [event.seq] })
      }
      case 'DiceRolled':
      case 'ChoiceMade': {
        const requestId = event.payload.requestId
        const request = Object.hasOwn(game.requests, requestId) ? game.requests[requestId] : undefined
        const frame = state.frames.get(requestId)
        if (!request || !frame) {
          const open = Object.keys(game.requests)
          throw new RuleError(
            'engine/no-such-request',
            `seq ${event.seq}: ${event.type} answers request "${requestId}", which is not open (${open.length > 0 ? `open: ${open.join(', ')}` : 'none is open'})`,
          )
        }
        const answer = checkAnswer(request, event)
        delete game.requests[requestId]
        state.frames.delete(requestId)
        advance(state, game, frame, answer)
        return null
      }
      case 'Note':
        return explain(`note: ${event.payload.text}`, { from: [event.seq] })
      default: {
        const procedure = ruleset.procedures[event.type] as
          | { name: string; start: (ctx: ProcedureContext, e: EventOf<typeof event.type>) => Procedure }
          | undefined
        if (!procedure)
          throw new RuleError(
            'rules/unsupported-event',
            `seq ${event.seq}: ruleset ${ruleset.id} does not resolve ${event.type}`,
          )
        const context = makeContext(game)
        const frame: Frame = { procedure: procedure.name, generator: procedure.start(context, event), context }
        advance(state, game, frame, undefined)
        return null
      }
    }
  }

  function step(state: EngineState, event: EngineEvent): StepResult {
    const expected = (state.game?.seq ?? 0) + 1
    if (event.seq !== expected)
      throw new RuleError('engine/out-of-order', `event seq ${event.seq} where seq ${expected} was expected`)
    stepOutcomes = []
    stepRequests = []
    stepSeq = event.seq
    const own = apply(state, event)
    const game = state.game as GameState
    game.seq = event.seq
    const children = [...stepOutcomes.map((o) => o.explanation), ...stepRequests.map((r) => r.explanation)]
    let explanation: Explanation | null = own
    if (own && children.length > 0)
      explanation = explain(own.text, { from: own.from ?? [] }, [...own.children, ...children])
    else if (!own && children.length === 1) explanation = children[0] ?? null
    else if (!own && children.length > 1) explanation = explain(stepTitle(event), { from: [event.seq] }, children)
    return { state: game, seq: event.seq, outcomes: stepOutcomes, explanation, requests: stepRequests }
  }

  return {
    ruleset,
    initialState: () => ({ game: null, frames: new Map() }),
    step,
    snapshot: (state) => (state.game && state.frames.size === 0 ? canonicalJson(state.game) : null),
    restore: (json) => ({ game: JSON.parse(json) as GameState, frames: new Map() }),
  }
}
