import { type EntryDefinition, entryData } from '../../core/engine/catalogue.js'
import { createEngine, type EngineState, type StepResult } from '../../core/engine/index.js'
import type { EngineEvent, Ruleset } from '../../core/engine/types.js'
import { gameEvents } from '../../core/events/index.js'
import { citedRules, type Explanation, renderExplanationText } from '../../core/explain/index.js'
import { classic } from '../../core/rules/classic/index.js'

type Draft = { type: string; payload: unknown; actor?: string }

/**
 * The classic ruleset with extra entries: stand-ins for entries other parts of the ruleset own
 * (Handbows' stand-and-shoot permission, Skirmish's march, Stupidity's bar), so that the charge and
 * movement procedures can be shown to take what they say.
 */
export function classicWith(...extra: EntryDefinition[]): Ruleset {
  return {
    ...classic,
    definitions: [...classic.definitions, ...extra],
    catalogue: { ...classic.catalogue, entries: [...classic.catalogue.entries, ...extra.map(entryData)] },
  }
}

/** A game driven straight through the engine of a given ruleset. */
export class RulesetGame {
  readonly engine
  readonly state: EngineState
  readonly steps: StepResult[] = []

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
    const event = {
      type: draft.type,
      payload: gameEvents.validateNew(draft.type, gameEvents.currentVersion(draft.type), draft.payload),
      actor: draft.actor ?? 'p1',
      seq: (this.state.game?.seq ?? 0) + 1,
      gameId: 'g-test',
    } as EngineEvent
    const result = this.engine.step(this.state, event)
    this.steps.push(result)
    return result
  }

  openRequest() {
    const requests = Object.values(this.game.requests)
    if (requests.length !== 1) throw new Error(`expected one open request, have ${requests.length}`)
    return requests[0] as (typeof requests)[number]
  }

  roll(faces: number[]): StepResult {
    return this.apply({ type: 'DiceRolled', payload: { requestId: this.openRequest().id, faces, source: 'physical' } })
  }

  choose(option: string): StepResult {
    return this.apply({ type: 'ChoiceMade', payload: { requestId: this.openRequest().id, option } })
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

export const moveEv = {
  charge: (unit: string, target: string, distance: number, facing = 'front'): Draft => ({
    type: 'ChargeDeclared',
    payload: { unit, target, distance, facing },
  }),
  move: (unit: string, kind: string, distance: number, enemiesWithin8: string[] = []): Draft => ({
    type: 'MoveDeclared',
    payload: { unit, kind, distance, enemiesWithin8 },
  }),
  scout: (
    unit: string,
    facts: { fromEnemyZone: number; nearestEnemy: number; hidden?: boolean; inOwnZone?: boolean },
  ): Draft => ({ type: 'UnitDeployed', payload: { unit, as: 'scout', ...facts } }),
}
