import { createEngine, type EngineState, type StepResult } from '../../core/engine/index.js'
import type { EngineEvent, Ruleset } from '../../core/engine/types.js'
import { gameEvents, type Profile, type UnitDefinitionInput } from '../../core/events/index.js'
import { citedRules, type Explanation, renderExplanationText } from '../../core/explain/index.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import { classic } from '../../core/rules/classic/index.js'

export const HASH = 'a'.repeat(64)

export function profile(values: Partial<Profile> = {}): Profile {
  return { M: 5, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7, ...values }
}

export type UnitInput = Partial<Omit<UnitDefinitionInput, 'profile'>> & { profile?: Partial<Profile> }

/** A unit as a list describes it (ArmyMustered v2 input: bare ids are accepted for gear and rules). */
export function unitDef(id: string, values: UnitInput = {}): UnitDefinitionInput {
  return {
    ...values,
    id,
    name: values.name ?? id,
    troopType: values.troopType ?? 'infantry',
    models: values.models ?? 10,
    profile: profile(values.profile),
    gear: values.gear ?? ['hand-weapon'],
    rules: values.rules ?? [],
  }
}

/**
 * A classic game with one unit a side mustered, and a procedure context on it: for asking the
 * charts and timing points directly, with real citations and the variant's decisions.
 */
export function classicContext(attacker: UnitInput, target: UnitInput, variant = 'classic') {
  const game = new EngineGame(
    ev.created(variant),
    ev.mustered('p1', unitDef('a', attacker)),
    ev.mustered('p2', unitDef('b', target)),
  )
  const ctx = game.engine.contextFor(game.state) as ClassicContext
  return { ctx, attacker: ctx.unit('a'), target: ctx.unit('b'), game }
}

export type Draft = { type: string; payload: unknown; actor?: string }
export const ev = {
  created: (variant = 'classic'): Draft => ({
    type: 'GameCreated',
    payload: {
      ruleset: 'classic',
      variant,
      catalogueHash: HASH,
      players: [
        { id: 'p1', name: 'One' },
        { id: 'p2', name: 'Two' },
      ],
    },
  }),
  mustered: (player: string, ...units: UnitDefinitionInput[]): Draft => ({
    type: 'ArmyMustered',
    payload: { player, units },
    actor: player,
  }),
  turn: (turn: number, player: string): Draft => ({ type: 'TurnStarted', payload: { turn, player } }),
  phase: (phase: string): Draft => ({ type: 'PhaseStarted', payload: { phase } }),
  attack: (attacker: string, target: string, models?: number): Draft => ({
    type: 'MeleeAttacksDeclared',
    payload: models === undefined ? { attacker, target } : { attacker, target, models },
  }),
  dice: (requestId: string, faces: number[], source: 'physical' | 'app' = 'physical'): Draft => ({
    type: 'DiceRolled',
    payload: { requestId, faces, source },
  }),
  choice: (requestId: string, option: string): Draft => ({ type: 'ChoiceMade', payload: { requestId, option } }),
  note: (text: string): Draft => ({ type: 'Note', payload: { text } }),
  /** p1's `charger` charges p2's `defender`, `models` of each in base contact. */
  joined: (charger: string, defender: string, models = 5, combat = 'c1'): Draft => ({
    type: 'CombatJoined',
    payload: {
      combat,
      sides: [
        { player: 'p1', units: [{ unit: charger, charged: true }] },
        { player: 'p2', units: [{ unit: defender }] },
      ],
      contact: [
        { unit: charger, models },
        { unit: defender, models },
      ],
    },
  }),
}

/** A game driven straight through the engine of a ruleset: given events, then more events, step by step. */
export class RulesetGame {
  readonly engine: ReturnType<typeof createEngine>
  readonly state: EngineState
  readonly steps: StepResult[] = []
  /** Every event applied, in order: a second game made from them replays this one. */
  readonly drafts: Draft[] = []

  constructor(ruleset: Ruleset, ...given: Draft[]) {
    this.engine = createEngine(ruleset)
    this.state = this.engine.initialState()
    for (const draft of given) this.apply(draft)
  }

  get game() {
    if (!this.state.game) throw new Error('no game yet')
    return this.state.game
  }

  apply(draft: Draft): StepResult {
    this.drafts.push(draft)
    // As the api does: validated (and normalised) before the engine sees it.
    const event = {
      type: draft.type,
      payload: gameEvents.validateNew(draft.type, gameEvents.currentVersion(draft.type), draft.payload),
      actor: draft.actor ?? this.answerer(draft) ?? this.recorder(draft),
      seq: (this.state.game?.seq ?? 0) + 1,
      gameId: 'g-test',
    } as EngineEvent
    const result = this.engine.step(this.state, event)
    this.steps.push(result)
    return result
  }

  /**
   * Who answers a roll or a choice when the draft does not say: the player the request names, as at the
   * table (the engine refuses an answer by anyone else).
   */
  private answerer(draft: Draft): string | undefined {
    if (draft.type !== 'DiceRolled' && draft.type !== 'ChoiceMade') return undefined
    const requestId = (draft.payload as { requestId?: unknown }).requestId
    const request = typeof requestId === 'string' ? this.state.game?.requests[requestId] : undefined
    if (!request) return undefined
    return request.kind === 'dice' ? request.roller : request.chooser
  }

  /** Who records any other event when the draft does not say: an army's owner, else the game's first player. */
  private recorder(draft: Draft): string {
    const payload = draft.payload as { player?: string; players?: { id: string }[] }
    const players = this.state.game?.players ?? []
    if (draft.type === 'ArmyMustered' && players.some((player) => player.id === payload.player))
      return payload.player as string
    if (draft.type === 'GameCreated') return payload.players?.[0]?.id ?? 'p1'
    return players[0]?.id ?? 'p1'
  }

  /** The single open request's id (the tests' games open one at a time). */
  openRequest(): string {
    const ids = Object.keys(this.game.requests)
    if (ids.length !== 1) throw new Error(`expected one open request, have ${ids.join(', ') || 'none'}`)
    return ids[0] as string
  }

  roll(faces: number[]): StepResult {
    return this.apply(ev.dice(this.openRequest(), faces))
  }

  choose(option: string): StepResult {
    return this.apply(ev.choice(this.openRequest(), option))
  }

  /** Every outcome so far, of one kind. */
  outcomes(kind: string) {
    return this.steps.flatMap((s) => s.outcomes).filter((o) => o.kind === kind)
  }

  /** Every explanation so far: outcomes' and requests'. */
  explanations(): Explanation[] {
    return this.steps.flatMap((s) => [...s.outcomes.map((o) => o.explanation), ...s.requests.map((r) => r.explanation)])
  }

  cites(id: string, clause: string): boolean {
    return this.explanations()
      .flatMap(citedRules)
      .some((ref) => ref.id === id && ref.clause === clause)
  }

  text(): string {
    return this.explanations()
      .map((e) => renderExplanationText(e))
      .join('\n')
  }
}

/** A classic game driven straight through the engine. */
export class EngineGame extends RulesetGame {
  constructor(...given: Draft[]) {
    super(classic, ...given)
  }
}

/** Two units facing each other in the close-combat phase of turn 1. */
export function combatGame(
  attacker: UnitDefinitionInput,
  target: UnitDefinitionInput,
  variant = 'classic',
): EngineGame {
  return new EngineGame(
    ev.created(variant),
    ev.mustered('p1', attacker),
    ev.mustered('p2', target),
    ev.turn(1, 'p1'),
    ev.phase('close-combat'),
  )
}
