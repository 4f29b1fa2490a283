import { canonicalJson } from '../events/canonical-json.js'
import type { EventType } from '../events/event-types.js'
import { type Explanation, explain, type RuleRef } from '../explain/explanation.js'
import type { AnyEffectSpec, EntryDefinition, ParamValue } from './catalogue.js'
import {
  type ActiveEffect,
  type EffectSpec,
  type Held,
  type ModifierRecord,
  type QueryOf,
  queryUnits,
  type TimingPoint,
} from './effects.js'
import { RuleError } from './errors.js'
import { checkArmy, checkPlayers } from './muster-check.js'
import { evolve, type Outcome, type OutcomeInit, phaseKey } from './outcomes.js'
import { triggeredSteps, triggerIndex } from './triggers.js'
import type {
  Answer,
  EngineEvent,
  EventOf,
  GameState,
  OpenRequest,
  Procedure,
  ProcedureContext,
  ProcedureStarter,
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
  /** A procedure context on a state, to ask the timing points outside a procedure (tests, audits). */
  contextFor(state: EngineState): ProcedureContext
}

/** The heading of a step whose procedure said several things. */
function stepTitle(event: EngineEvent): string {
  if (event.type === 'DiceRolled')
    return `dice ${event.payload.faces.join(', ')} for request ${event.payload.requestId}`
  if (event.type === 'ChoiceMade') return `choice "${event.payload.option}" for request ${event.payload.requestId}`
  return `seq ${event.seq}: ${event.type}`
}

const NO_PARAMS: Readonly<Record<string, ParamValue>> = Object.freeze({})

/** An entry's own params with the list's over them; no copy when the list gives none. */
function withParams(
  own: Readonly<Record<string, ParamValue>>,
  given: Readonly<Record<string, ParamValue>>,
): Readonly<Record<string, ParamValue>> {
  for (const _ in given) return { ...own, ...given }
  return own
}

/** An effect with the entry it belongs to, indexed by timing point. */
interface IndexedEffect {
  readonly entry: EntryDefinition
  readonly effect: AnyEffectSpec
  readonly always: boolean
}

type Handler<T extends EventType> = (state: EngineState, event: EventOf<T>) => Explanation | null

export function createEngine(ruleset: Ruleset): Engine {
  const entries = new Map<string, EntryDefinition>(ruleset.definitions.map((entry) => [entry.id, entry]))
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
  // id -> the entries that include it (`grants`), for holding one through the other.
  const grantedBy = new Map<string, EntryDefinition[]>()
  for (const entry of ruleset.definitions)
    for (const granted of entry.grants ?? []) grantedBy.set(granted, [...(grantedBy.get(granted) ?? []), entry])
  const triggersOn = triggerIndex(ruleset.definitions)
  const effectsAt = new Map<TimingPoint, IndexedEffect[]>()
  for (const entry of ruleset.definitions) {
    for (const effect of entry.effects ?? []) {
      const list = effectsAt.get(effect.at) ?? []
      list.push({ entry, effect, always: effect.always ?? entry.kind === 'core' })
      effectsAt.set(effect.at, list)
    }
  }

  function rule(id: string, clause: string): RuleRef {
    const ref = ruleRefs.get(id)?.get(clause)
    if (!ref) throw new Error(`ruleset ${ruleset.id} cites ${id} §${clause}, which its catalogue does not have`)
    return ref
  }

  /** Citations of variant decisions with their values, in the ruleset's table of variants (if it has one). */
  function decisionRefs(game: GameState, ids: readonly string[]): { rule: RuleRef; value: string }[] | null {
    const table = ruleRefs.get('variants')
    if (!table) return null
    const refs = ids.flatMap((id) => {
      const ref = table.get(id)
      return ref ? [{ rule: ref, value: decisionOf(game, id) }] : []
    })
    return refs.length > 0 ? refs : null
  }

  function decisionOf(game: GameState, id: string): string {
    const value = decisions.get(id)?.values[game.variant]
    if (value === undefined) throw new Error(`ruleset ${ruleset.id} has no decision ${id} for variant ${game.variant}`)
    return value
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
        `seq ${event.seq}: ${event.type} names player "${player}", who is not in this game ` +
          `(${game.players.map((p) => p.id).join(', ')})`,
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

  /** Records an outcome and applies it; ends the durations it closes. */
  function record(game: GameState, outcome: OutcomeInit): void {
    const placed = Object.assign({}, outcome, { seq: stepSeq }) as Outcome
    stepOutcomes.push(placed)
    evolve(game, placed)
    if (placed.kind === 'round-ended') {
      const { combat, round } = placed.values
      expire(game, (d) =>
        (d.kind === 'this-round' || (d.kind === 'first-round' && round >= 1)) && d.combat === combat
          ? `the round ${round} of ${combat} is over`
          : null,
      )
    }
    if (placed.kind === 'combat-joined') {
      const engaged = new Set(placed.values.sides.flatMap((side) => side.units.map((u) => u.unit)))
      expire(game, (d, effect) =>
        d.kind === 'players-next-turn' && d.orEngaged && engaged.has(effect.unit)
          ? 'the unit is engaged in combat'
          : null,
      )
    }
  }

  /** Ends every active effect whose duration `ends` says is over (with the reason). */
  function expire(
    game: GameState,
    ends: (duration: ActiveEffect['duration'], effect: ActiveEffect) => string | null,
  ): void {
    for (const effect of [...game.effects]) {
      const why = ends(effect.duration, effect)
      if (why === null) continue
      record(game, {
        kind: 'effect-ended',
        text: `${effect.entry} on ${effect.unit} ends: ${why}`,
        values: { effect: effect.id, entry: effect.entry, unit: effect.unit, why },
        explanation: explain(`${effect.entry} on ${effect.unit} ends: ${why}`, { from: [effect.startedAt] }),
      })
    }
  }

  /** What a unit holds of an entry: its rule's params, its gear's options, or an active effect's params. */
  function holding(
    game: GameState,
    unit: UnitState,
    entry: EntryDefinition,
  ): { params: Readonly<Record<string, ParamValue>>; active: ActiveEffect | null; owned: boolean } | null {
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

  /** The params of an entry a unit holds as a rule, gear or command-group slot, or null. */
  function holdingOwn(
    unit: UnitState,
    entry: EntryDefinition,
    own: Readonly<Record<string, ParamValue>>,
  ): Readonly<Record<string, ParamValue>> | null {
    const listed = listedEntries(unit).get(entry.id)
    if (listed !== undefined) return withParams(own, listed)
    // Command-group slots name their catalogue entries (champion, standard, musician).
    if (Object.hasOwn(unit.command, entry.id) && unit.command[entry.id as keyof UnitState['command']]) return own
    return null
  }

  /**
   * The entries a unit's list names, by id, with the list's parameters (its rules first, then its
   * gear): made once a unit, as a unit's rules and gear never change, where every timing point asks.
   */
  const listedByUnit = new WeakMap<UnitState, Map<string, Readonly<Record<string, ParamValue>>>>()
  function listedEntries(unit: UnitState): Map<string, Readonly<Record<string, ParamValue>>> {
    let listed = listedByUnit.get(unit)
    if (listed === undefined) {
      listed = new Map()
      for (const rule of unit.rules) if (!listed.has(rule.id)) listed.set(rule.id, rule.params)
      for (const gear of unit.gear) if (!listed.has(gear.id)) listed.set(gear.id, gear.options)
      listedByUnit.set(unit, listed)
    }
    return listed
  }

  /** The entries any unit of a game lists (rules, gear, characters', command slots); forgotten at each muster. */
  const listedInGame = new WeakMap<GameState, Set<string>>()
  function holdsAnywhere(game: GameState, id: string): boolean {
    let listed = listedInGame.get(game)
    if (listed === undefined) {
      listed = new Set()
      for (const unitId in game.units) {
        const unit = game.units[unitId] as UnitState
        for (const entry of listedEntries(unit).keys()) listed.add(entry)
        for (const character of unit.characters) {
          for (const rule of character.rules) listed.add(rule.id)
          for (const gear of character.gear) listed.add(gear.id)
        }
        for (const slot of ['champion', 'standard', 'musician'] as const) if (unit.command[slot]) listed.add(slot)
      }
      listedInGame.set(game, listed)
    }
    if (listed.has(id) || game.effects.some((active) => active.entry === id)) return true
    return (grantedBy.get(id) ?? []).some((granter) => holdsAnywhere(game, granter.id))
  }

  /** An entry a character who has joined the unit holds (for effects that cover his unit). */
  function joinedHolding(
    unit: UnitState,
    entry: EntryDefinition,
  ): { params: Readonly<Record<string, ParamValue>>; active: null; owned: true } | null {
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

  /** An entry the unit a character joined holds, seen from the character's own view (`unitWide` effects). */
  function hostHolding(
    game: GameState,
    view: UnitState,
    entry: EntryDefinition,
  ): { params: Readonly<Record<string, ParamValue>>; active: null; owned: true } | null {
    const host = view.joinedTo === undefined ? undefined : game.units[view.joinedTo]
    const params = host ? holdingOwn(host, entry, entry.params ?? NO_PARAMS) : null
    return params ? { params, active: null, owned: true } : null
  }

  /** Ends the effects that last through a player's phase which is now over (`next-phase-of`). */
  function expirePhaseOver(game: GameState, turnOver: boolean): void {
    const phase = game.phase
    const player = game.activePlayer
    if (player === null) return
    expire(game, (d) =>
      d.kind === 'next-phase-of' && d.player === player && (d.phase === phase || turnOver)
        ? `${player}'s ${d.phase} phase is over`
        : null,
    )
  }

  function modifiersFor<P extends TimingPoint>(
    game: GameState,
    decide: (id: string) => string,
    at: P,
    query: QueryOf<P>,
  ): ModifierRecord[] {
    const records: ModifierRecord[] = []
    const effects = effectsAt.get(at)
    if (!effects) return records
    const ask: Held['modifiers'] = (point, question) => modifiersFor(game, decide, point, question)
    const holdsEntry: Held['holds'] = (unit, id) => holdsIn(game, unit, id)
    // The variant decisions an effect reads: its record cites them (every number resting on a switch says so).
    let read: string[] | null = null
    const decideAndCite = (id: string) => {
      const value = decide(id)
      if (read === null) read = [id]
      else if (!read.includes(id)) read.push(id)
      return value
    }
    // The query's two sides, made once a query rather than once an effect (a hot path).
    let subjects: readonly UnitState[] | null = null
    let opponents: readonly UnitState[] | null = null
    for (const { entry, effect, always } of effects) {
      read = null
      let candidates: readonly UnitState[]
      if (effect.holder === 'opponent') {
        if (opponents === null) opponents = queryUnits(query, 'opponent')
        candidates = opponents
      } else {
        if (subjects === null) subjects = queryUnits(query, 'subject')
        candidates = subjects
      }
      let held: Held | null = null
      let active: ActiveEffect | null = null
      for (const unit of candidates) {
        if (always) {
          held = {
            unit,
            params: entry.params ?? NO_PARAMS,
            owned: true,
            decision: decideAndCite,
            modifiers: ask,
            holds: holdsEntry,
          }
          break
        }
        const holds =
          holding(game, unit, entry) ??
          (effect.joined ? joinedHolding(unit, entry) : null) ??
          (effect.unitWide ? hostHolding(game, unit, entry) : null)
        // An effect that acts only while drunk, cast or started: carrying the item is not enough.
        if (holds && effect.activeOnly && !holds.active) continue
        if (holds) {
          held = {
            unit,
            params: holds.params,
            owned: holds.owned,
            decision: decideAndCite,
            modifiers: ask,
            holds: holdsEntry,
          }
          active = holds.active
          break
        }
      }
      if (!held) continue
      const spec = effect as unknown as EffectSpec<P>
      const verdict = spec.when ? spec.when(query, held) : true
      if (verdict === null) continue
      const value = typeof spec.value === 'function' ? spec.value(query, held) : spec.value
      const source = rule(entry.id, effect.clause)
      const label = spec.describe ? spec.describe(query, held) : spec.label
      const record: ModifierRecord =
        verdict === true
          ? { source, label, kind: effect.kind, value, status: 'applied' }
          : { source, label, kind: effect.kind, value, status: 'ignored', reason: verdict }
      const decisions = read === null ? null : decisionRefs(game, read)
      records.push(decisions === null ? record : Object.assign(record, { decisions }))
      if (verdict === true && active?.duration.kind === 'one-use') {
        const used = active
        expire(game, (d) => (d === used.duration ? 'it has been used' : null))
      }
    }
    return records
  }

  /** One context per game: a procedure's context is made once, not once a declaration. */
  const contexts = new WeakMap<GameState, ProcedureContext>()
  /** Whether `unit` holds the entry `id` as the timing points see it (for procedures and for effects alike). */
  function holdsIn(game: GameState, unit: UnitState, id: string): boolean {
    const entry = entries.get(id)
    return entry !== undefined && holding(game, unit, entry) !== null
  }

  function makeContext(game: GameState): ProcedureContext {
    let context = contexts.get(game)
    if (!context) {
      context = newContext(game)
      contexts.set(game, context)
    }
    return context
  }

  function newContext(game: GameState): ProcedureContext {
    const decide = (id: string) => decisionOf(game, id)
    // What a trigger's step knows of its holder: as an effect's `held`, through the same holding.
    const heldBy = (unit: UnitState, entry: EntryDefinition, always: boolean): Held | null => {
      const holds = always ? { params: entry.params ?? NO_PARAMS, owned: true } : holding(game, unit, entry)
      if (!holds) return null
      return {
        unit,
        params: holds.params,
        owned: holds.owned,
        decision: decide,
        modifiers: (at, query) => modifiersFor(game, decide, at, query),
        holds: (other, id) => holdsIn(game, other, id),
      }
    }
    const context: ProcedureContext = {
      game,
      variant: game.variant,
      mechanics: ruleset.mechanics,
      get seq() {
        return stepSeq
      },
      unit: (id) => unitOf(game, id, stepSeq),
      holdsAnywhere: (id) => holdsAnywhere(game, id),
      holds: (unit, id) => holdsIn(game, unit, id),
      rule,
      decision: decide,
      modifiers: (at, query) => modifiersFor(game, decide, at, query),
      triggered: (on, query) => triggeredSteps(triggersOn, on, query, context, heldBy, rule),
      emit: (outcome) => record(game, outcome),
    }
    return context
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

  function checkAnswer(request: OpenRequest, event: EventOf<'DiceRolled'> | EventOf<'ChoiceMade'>): Answer {
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
        `seq ${event.seq}: request ${request.id} offers ` +
          `${request.options.map((o) => o.id).join(', ')}, not "${option}"`,
      )
    }
    return { kind: 'choice', option, seq: event.seq }
  }

  const answer: Handler<'DiceRolled' | 'ChoiceMade'> = (state, event) => {
    const game = requireGame(state, event as EngineEvent)
    const requestId = event.payload.requestId
    const request = Object.hasOwn(game.requests, requestId) ? game.requests[requestId] : undefined
    const frame = state.frames.get(requestId)
    if (!request || !frame) {
      const open = Object.keys(game.requests)
      throw new RuleError(
        'engine/no-such-request',
        `seq ${event.seq}: ${event.type} answers request "${requestId}", which is not open ` +
          `(${open.length > 0 ? `open: ${open.join(', ')}` : 'none is open'})`,
      )
    }
    const checked = checkAnswer(request, event as EventOf<'DiceRolled'> | EventOf<'ChoiceMade'>)
    delete game.requests[requestId]
    state.frames.delete(requestId)
    advance(state, game, frame, checked)
    return null
  }

  /** A declaration the ruleset resolves with a procedure. */
  function declaration<T extends EventType>(state: EngineState, event: EventOf<T>): Explanation | null {
    const game = requireGame(state, event as EngineEvent)
    const procedure = ruleset.procedures[event.type] as
      | { name: string; start: (ctx: ProcedureContext, e: EventOf<T>) => Procedure }
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

  /** Starts what the ruleset opens at a turn's or a phase's start; its requests hold the game there. */
  function opening<T extends 'TurnStarted' | 'PhaseStarted'>(
    state: EngineState,
    game: GameState,
    event: EventOf<T>,
    start: ProcedureStarter<T> | undefined,
  ): void {
    if (!start) return
    const context = makeContext(game)
    const name = event.type === 'TurnStarted' ? 'start-of-turn' : `start-of-${game.phase}`
    advance(state, game, { procedure: name, generator: start(context, event), context }, undefined)
  }

  /** One handler per event type; `satisfies` makes a new event type without one fail to compile. */
  const handlers = {
    GameCreated(state, event) {
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
          `seq ${event.seq}: ruleset ${ruleset.id} has no variant "${p.variant}" (has ` +
            `${Object.keys(ruleset.catalogue.variants).join(', ')})`,
        )
      }
      checkPlayers(p.players)
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
        combats: {},
        effects: [],
        requests: {},
      }
      return explain(`game created: ${ruleset.name}, variant ${p.variant}, catalogue ${p.catalogueHash.slice(0, 12)}`, {
        from: [event.seq],
      })
    },
    ArmyMustered(state, event) {
      const game = requireGame(state, event as EngineEvent)
      // New units, new entries held: the game-wide list is made again when next asked.
      listedInGame.delete(game)
      requirePlayer(game, event.payload.player, event as EngineEvent)
      // Ids, names, troop types, gear and rules with their parameters, formations: checked before anything changes.
      checkArmy(ruleset, entries, game, event.payload)
      for (const unit of event.payload.units) {
        game.units[unit.id] = {
          id: unit.id,
          name: unit.name,
          player: event.payload.player,
          troopType: unit.troopType,
          race: unit.race ?? null,
          profile: { ...unit.profile },
          gear: unit.gear.map((g) => ({ id: g.id, options: { ...g.options } })),
          rules: unit.rules.map((r) => ({ id: r.id, params: { ...r.params } })),
          files: unit.formation?.files ?? null,
          command: {
            champion: unit.command?.champion ?? false,
            standard: unit.command?.standard ?? false,
            musician: unit.command?.musician ?? false,
          },
          championProfile: unit.championProfile ? { ...unit.championProfile } : null,
          characters: (unit.characters ?? []).map((c) => ({
            id: c.id,
            name: c.name,
            profile: { ...c.profile },
            gear: c.gear.map((g) => ({ id: g.id, options: { ...g.options } })),
            rules: c.rules.map((r) => ({ id: r.id, params: { ...r.params } })),
            wizardLevel: c.wizardLevel ?? null,
            general: c.general,
            woundsLost: 0,
            slain: false,
            ...(c.concealed ? { concealed: true } : {}),
          })),
          character: unit.character ?? false,
          ...(unit.wizardLevel !== undefined ? { wizardLevel: unit.wizardLevel } : {}),
          ...(unit.general ? { general: true } : {}),
          startingModels: unit.models,
          models: unit.models,
          woundsOnNextModel: 0,
          fleeing: false,
          musteredAt: event.seq,
          changedAt: event.seq,
        }
      }
      // The ruleset's own checks ask the timing points, so they run on the units as mustered; a refusal
      // takes them back out, and nothing is changed.
      try {
        ruleset.checkMuster?.(makeContext(game), event)
      } catch (error) {
        for (const unit of event.payload.units) delete game.units[unit.id]
        listedInGame.delete(game)
        throw error
      }
      return explain(
        `${event.payload.player} musters ${event.payload.units.map((u) => `${u.name} (${u.models})`).join(', ')}`,
        { from: [event.seq] },
      )
    },
    TurnStarted(state, event) {
      const game = requireGame(state, event as EngineEvent)
      requirePlayer(game, event.payload.player, event as EngineEvent)
      requireNoOpenRequests(game, event as EngineEvent)
      if (event.payload.turn < game.turn)
        throw new RuleError('engine/turn-order', `seq ${event.seq}: turn ${event.payload.turn} after turn ${game.turn}`)
      expirePhaseOver(game, true)
      if (game.phase !== null) game.lastPhase = phaseKey(game)
      game.turn = event.payload.turn
      game.activePlayer = event.payload.player
      game.phase = null
      game.phaseStartedAt = event.seq
      expire(game, (d) => (d.kind === 'end-of-turn' || d.kind === 'end-of-phase' ? 'the turn is over' : null))
      expire(game, (d) =>
        d.kind === 'players-next-turn' && d.player === event.payload.player
          ? `${d.player}'s next turn has begun`
          : null,
      )
      opening(state, game, event, ruleset.openings?.turn)
      return explain(`turn ${game.turn}: ${event.payload.player} to play`, { from: [event.seq] })
    },
    PhaseStarted(state, event) {
      const game = requireGame(state, event as EngineEvent)
      requireNoOpenRequests(game, event as EngineEvent)
      if (game.turn === 0)
        throw new RuleError('engine/no-turn', `seq ${event.seq}: PhaseStarted before any TurnStarted`)
      if (!ruleset.phases.includes(event.payload.phase)) {
        throw new RuleError(
          'rules/unknown-phase',
          `seq ${event.seq}: ${ruleset.id} has no phase "${event.payload.phase}" (${ruleset.phases.join(', ')})`,
        )
      }
      expirePhaseOver(game, false)
      if (game.phase !== null) game.lastPhase = phaseKey(game)
      game.phase = event.payload.phase
      game.phaseStartedAt = event.seq
      const active = game.activePlayer
      expire(game, (d) =>
        d.kind === 'casters-next-magic-phase' && event.payload.phase === 'magic' && d.caster === active
          ? "the caster's next magic phase has begun"
          : null,
      )
      expire(game, (d) => (d.kind === 'end-of-phase' ? 'the phase is over' : null))
      opening(state, game, event, ruleset.openings?.phases?.[event.payload.phase])
      return explain(`${event.payload.phase} phase of turn ${game.turn}`, { from: [event.seq] })
    },
    MeleeAttacksDeclared: declaration,
    ChargeDeclared: declaration,
    MoveDeclared: declaration,
    UnitDeployed: declaration,
    CombatJoined: declaration,
    CombatRoundDeclared: declaration,
    ShotDeclared: declaration,
    SpellCast: declaration,
    PanicTestDeclared: declaration,
    ItemUsed: declaration,
    ChallengeIssued: declaration,
    DiceRolled: answer,
    ChoiceMade: answer,
    Note(state, event) {
      requireGame(state, event as EngineEvent)
      return explain(`note: ${event.payload.text}`, { from: [event.seq] })
    },
  } satisfies { [T in EventType]: Handler<T> }

  function step(state: EngineState, event: EngineEvent): StepResult {
    const expected = (state.game?.seq ?? 0) + 1
    if (event.seq !== expected)
      throw new RuleError('engine/out-of-order', `event seq ${event.seq} where seq ${expected} was expected`)
    stepOutcomes = []
    stepRequests = []
    stepSeq = event.seq
    const own = (handlers[event.type] as Handler<EventType>)(state, event as EventOf<EventType>)
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
    contextFor(state) {
      if (!state.game) throw new RuleError('engine/no-game', 'no game has been created yet')
      // Fresh scratch, so nothing said here lands in an earlier step's result.
      stepOutcomes = []
      stepRequests = []
      stepSeq = state.game.seq
      return makeContext(state.game)
    },
  }
}
