import type { EventType, MountDefinition } from '../events/event-types.js'
import { type Explanation, explain } from '../explain/explanation.js'
import { expireAtPhaseStart, expireAtTurnStart, expirePhaseOver } from './durations.js'
import type { EngineState, Frame } from './engine-state.js'
import { RuleError } from './errors.js'
import type { GameRun } from './game-runs.js'
import { requireGame, requireNoOpenRequests, requirePlayer } from './guards.js'
import type { Holdings } from './holding.js'
import { checkMusteredList, listImported } from './lists.js'
import { checkArmy, checkPlayers } from './muster-check.js'
import { phaseKey } from './outcomes.js'
import { advance, checkAnswer } from './procedure-runner.js'
import type { RulesetIndex } from './ruleset-index.js'
import { tableRuling } from './ruling.js'
import { headSigned, playerKeyRecorded } from './signing.js'
import type { StepScratch } from './step-scratch.js'
import { checkPhaseStart, checkTurnStart, newProgress, turnTaken } from './turn-sequence.js'
import type {
  EngineEvent,
  EventOf,
  GameState,
  MountState,
  Procedure,
  ProcedureContext,
  ProcedureStarter,
  UnitState,
} from './types.js'
import { gameEnded, newScore } from './victory.js'

export type Handler<T extends EventType> = (
  state: EngineState,
  event: EventOf<T>,
  step: StepScratch,
) => Explanation | null
export type Handlers = { [T in EventType]: Handler<T> }

/** What the handlers work with: the ruleset's index, who holds what, and each game's run. */
export interface HandlerParts {
  readonly index: RulesetIndex
  readonly holdings: Holdings
  readonly runOf: (game: GameState) => GameRun
}

/** The state of a unit as an ArmyMustered lists it, before anything has happened to it. */
function musteredUnitState(
  unit: EventOf<'ArmyMustered'>['payload']['units'][number],
  player: string,
  seq: number,
): UnitState {
  return {
    id: unit.id,
    name: unit.name,
    player,
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
      // A troop type of its own: what it is once it leaves the unit (engine/joining.ts).
      ...(c.troopType ? { alone: { troopType: c.troopType, race: unit.race ?? null, musteredAt: seq } } : {}),
      ...(c.mount ? { mount: mountState(c.mount) } : {}),
      ...(c.points !== undefined ? { points: c.points } : {}),
    })),
    ...(unit.mount ? { mount: mountState(unit.mount) } : {}),
    character: unit.character ?? false,
    ...(unit.points !== undefined ? { points: unit.points } : {}),
    ...(unit.wizardLevel !== undefined ? { wizardLevel: unit.wizardLevel } : {}),
    ...(unit.general ? { general: true } : {}),
    startingModels: unit.models,
    models: unit.models,
    woundsOnNextModel: 0,
    fleeing: false,
    musteredAt: seq,
    changedAt: seq,
  }
}

function mountState(mount: MountDefinition): MountState {
  return {
    name: mount.name,
    profile: { ...mount.profile },
    gear: mount.gear.map((g) => ({ id: g.id, options: { ...g.options } })),
    rules: mount.rules.map((r) => ({ id: r.id, params: { ...r.params } })),
  }
}

const gameCreated =
  ({ index: { ruleset } }: HandlerParts): Handler<'GameCreated'> =>
  (state, event) => {
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
      progress: newProgress(p.turns),
      score: newScore(p.players),
    }
    return explain(`game created: ${ruleset.name}, variant ${p.variant}, catalogue ${p.catalogueHash.slice(0, 12)}`, {
      from: [event.seq],
    })
  }

const armyMustered =
  ({ index, holdings, runOf }: HandlerParts): Handler<'ArmyMustered'> =>
  (state, event) => {
    const game = requireGame(state, event as EngineEvent)
    requirePlayer(game, event.payload.player, event as EngineEvent)
    checkMusteredList(game, event)
    // Ids, names, troop types, gear and rules with their parameters, formations: checked before anything changes.
    checkArmy(index.ruleset, index.entries, game, event.payload)
    const mustered = event.payload.units.map((unit) => musteredUnitState(unit, event.payload.player, event.seq))
    for (const unit of mustered) game.units[unit.id] = unit
    // New units, new entries held: added to the game-wide list.
    holdings.unitsListed(game, mustered)
    // The ruleset's own checks ask the timing points, so they run on the units as mustered; a refusal
    // takes them back out, and nothing is changed.
    try {
      index.ruleset.checkMuster?.(runOf(game).context, event)
    } catch (error) {
      for (const unit of event.payload.units) delete game.units[unit.id]
      holdings.forgetGameListing(game)
      throw error
    }
    return explain(
      `${event.payload.player} musters ${event.payload.units.map((u) => `${u.name} (${u.models})`).join(', ')}`,
      { from: [event.seq] },
    )
  }

/** Starts what the ruleset opens at a turn's or a phase's start; its requests hold the game there. */
function opening<T extends 'TurnStarted' | 'PhaseStarted'>(
  parts: HandlerParts,
  state: EngineState,
  game: GameState,
  step: StepScratch,
  event: EventOf<T>,
  start: ProcedureStarter<T> | undefined,
): void {
  if (!start) return
  const context = parts.runOf(game).context
  const name = event.type === 'TurnStarted' ? 'start-of-turn' : `start-of-${game.phase}`
  advance(state, game, step, { procedure: name, generator: start(context, event), context }, undefined)
}

const turnStarted =
  (parts: HandlerParts): Handler<'TurnStarted'> =>
  (state, event, step) => {
    const game = requireGame(state, event as EngineEvent)
    requirePlayer(game, event.payload.player, event as EngineEvent)
    requireNoOpenRequests(game, event as EngineEvent)
    checkTurnStart(game, event, parts.index.ruleset.phases)
    turnTaken(game, event.payload.turn, event.payload.player)
    expirePhaseOver(game, step, true)
    if (game.phase !== null) game.lastPhase = phaseKey(game)
    game.turn = event.payload.turn
    game.activePlayer = event.payload.player
    game.phase = null
    game.phaseStartedAt = event.seq
    expireAtTurnStart(game, step, event.payload.player)
    opening(parts, state, game, step, event, parts.index.ruleset.openings?.turn)
    return explain(`turn ${game.turn}: ${event.payload.player} to play`, { from: [event.seq] })
  }

const phaseStarted =
  (parts: HandlerParts): Handler<'PhaseStarted'> =>
  (state, event, step) => {
    const { ruleset } = parts.index
    const game = requireGame(state, event as EngineEvent)
    requireNoOpenRequests(game, event as EngineEvent)
    if (game.turn === 0) throw new RuleError('engine/no-turn', `seq ${event.seq}: PhaseStarted before any TurnStarted`)
    if (!ruleset.phases.includes(event.payload.phase)) {
      throw new RuleError(
        'rules/unknown-phase',
        `seq ${event.seq}: ${ruleset.id} has no phase "${event.payload.phase}" (${ruleset.phases.join(', ')})`,
      )
    }
    checkPhaseStart(game, event, ruleset.phases)
    expirePhaseOver(game, step, false)
    if (game.phase !== null) game.lastPhase = phaseKey(game)
    game.phase = event.payload.phase
    game.phaseStartedAt = event.seq
    expireAtPhaseStart(game, step, event.payload.phase, game.activePlayer)
    opening(parts, state, game, step, event, ruleset.openings?.phases?.[event.payload.phase])
    return explain(`${event.payload.phase} phase of turn ${game.turn}`, { from: [event.seq] })
  }

/** A declaration the ruleset resolves with a procedure. */
function declaration<T extends EventType>(parts: HandlerParts): Handler<T> {
  const { ruleset } = parts.index
  return (state, event, step) => {
    const game = requireGame(state, event as EngineEvent)
    const procedure = ruleset.procedures[event.type] as
      | { name: string; start: (ctx: ProcedureContext, e: EventOf<T>) => Procedure }
      | undefined
    if (!procedure)
      throw new RuleError(
        'rules/unsupported-event',
        `seq ${event.seq}: ruleset ${ruleset.id} does not resolve ${event.type}`,
      )
    const context = parts.runOf(game).context
    const frame: Frame = { procedure: procedure.name, generator: procedure.start(context, event), context }
    advance(state, game, step, frame, undefined)
    return null
  }
}

/** A die roll or a choice answers the open request it names, and the procedure waiting on it goes on. */
const answer: Handler<'DiceRolled' | 'ChoiceMade'> = (state, event, step) => {
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
  advance(state, game, step, frame, checked)
  return null
}

/** One handler per event type; `satisfies` makes a new event type without one fail to compile. */
export function createHandlers(parts: HandlerParts): Handlers {
  return {
    GameCreated: gameCreated(parts),
    ArmyMustered: armyMustered(parts),
    ListImported: listImported,
    TurnStarted: turnStarted(parts),
    PhaseStarted: phaseStarted(parts),
    MeleeAttacksDeclared: declaration(parts),
    ChargeDeclared: declaration(parts),
    MoveDeclared: declaration(parts),
    UnitDeployed: declaration(parts),
    CombatJoined: declaration(parts),
    CombatRoundDeclared: declaration(parts),
    ShotDeclared: declaration(parts),
    SpellCast: declaration(parts),
    PanicTestDeclared: declaration(parts),
    ItemUsed: declaration(parts),
    ChallengeIssued: declaration(parts),
    CharacterJoined: declaration(parts),
    CharacterLeft: declaration(parts),
    StupidMoveMade: declaration(parts),
    GameEnded: gameEnded(parts),
    PursuitReached: declaration(parts),
    UnitReformed: declaration(parts),
    DiceRolled: answer,
    ChoiceMade: answer,
    PlayerKeyRecorded: playerKeyRecorded,
    HeadSigned: headSigned,
    // The api folds a correction's targets as corrected (core/api/corrections.ts): here it only says what it did.
    Correction(state, event) {
      requireGame(state, event as EngineEvent)
      const { voids, replaces, reason } = event.payload
      const what = [
        ...(voids.length > 0 ? [`voids seq ${voids.join(', ')}`] : []),
        ...replaces.map((r) => `replaces seq ${r.seq} with ${r.type}`),
      ]
      return explain(`correction by ${event.actor}: ${what.join('; ')} (${reason})`, {
        from: [event.seq, ...voids, ...replaces.map((r) => r.seq)],
      })
    },
    Ruling: tableRuling(parts),
    // A claim is the table's word beside the rules': the audit compares the two (core/audit); the game is the rules'.
    Claim(state, event) {
      const game = requireGame(state, event as EngineEvent)
      const p = event.payload
      if (p.about >= event.seq)
        throw new RuleError(
          'rules/not-permitted',
          `seq ${event.seq}: a claim is about an earlier event, not seq ${p.about}`,
        )
      if (p.unit !== undefined) parts.runOf(game).context.unit(p.unit)
      const requestSeq = p.request === undefined ? null : Number(p.request.split('.')[0])
      if (requestSeq !== null && requestSeq >= event.seq)
        throw new RuleError(
          'rules/not-permitted',
          `seq ${event.seq}: a claim is about an earlier roll, not ${p.request}`,
        )
      if (p.rule !== undefined && !parts.index.ruleset.catalogue.entries.some((entry) => entry.id === p.rule))
        throw new RuleError(
          'rules/not-permitted',
          `seq ${event.seq}: "${p.rule}" is no entry of the ${parts.index.ruleset.id} catalogue`,
        )
      if (p.ruleApplied !== undefined && p.rule === undefined)
        throw new RuleError('rules/not-permitted', `seq ${event.seq}: a claim that a rule applied names the rule`)
      const said = [
        p.modelsRemoved === undefined ? null : `${p.modelsRemoved} models removed`,
        p.fledInches === undefined ? null : `fled ${p.fledInches}"`,
        p.breakTest === undefined ? null : `break test ${p.breakTest}`,
        p.scores === undefined
          ? null
          : `combat result ${Object.entries(p.scores)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')}`,
        p.need === undefined ? null : `rolled needing ${p.need}+`,
        p.leadership === undefined ? null : `tested on ${p.leadership}`,
        p.rerolled === undefined ? null : p.rerolled ? 're-rolled' : 'not re-rolled',
        p.rule === undefined ? null : `${p.rule} ${p.ruleApplied === false ? 'not applied' : 'applied'}`,
      ].filter((part) => part !== null)
      if (said.length === 0)
        throw new RuleError('rules/not-permitted', `seq ${event.seq}: a claim says at least one thing the table did`)
      const who = p.unit ?? p.combat ?? (p.request === undefined ? 'the table' : `roll ${p.request}`)
      return explain(`claim by ${event.actor} about seq ${p.about} (${who}): ${said.join('; ')}`, {
        from: [event.seq, p.about],
      })
    },
    Note(state, event) {
      requireGame(state, event as EngineEvent)
      return explain(`note: ${event.payload.text}`, { from: [event.seq] })
    },
  } satisfies Handlers
}
