import type { EntryDefinition } from './catalogue.js'
import { record } from './durations.js'
import type { Held } from './effects.js'
import { unitOf } from './guards.js'
import type { Holdings } from './holding.js'
import { NO_PARAMS, type RulesetIndex } from './ruleset-index.js'
import { newStepScratch, type StepHolder, type StepScratch } from './step-scratch.js'
import type { ModifiersAt } from './timing-points.js'
import { mayTrigger, triggeredSteps, triggerIndex } from './triggers.js'
import type { GameState, ProcedureContext, UnitState } from './types.js'

/**
 * One game as an engine folds it: its procedure context (made once a game, not once a
 * declaration; its open procedures keep it between steps) and the step in progress, which the
 * context writes to. Runs are kept per game state, so the games one engine serves share none.
 */
export interface GameRun extends StepHolder {
  step: StepScratch
  readonly context: ProcedureContext
  /**
   * A procedure left open by a step that built no explanations: what it holds for later steps may lack
   * trees, so no step of this game may ask for explanations until every procedure has ended.
   */
  unexplainedOpen: boolean
}

export function createGameRuns(
  index: RulesetIndex,
  holdings: Holdings,
  pointsOf: (game: GameState, run: StepHolder) => ModifiersAt,
): (game: GameState) => GameRun {
  const runs = new WeakMap<GameState, GameRun>()
  const triggersOn = triggerIndex(index.ruleset.definitions)

  function newRun(game: GameState): GameRun {
    const decide = (id: string) => index.decisionOf(game, id)
    const holds = (unit: UnitState, id: string) => holdings.holdsIn(game, unit, id)
    // The timing points write to the step in progress, read when an effect is used up.
    const modifiers = pointsOf(game, {
      get step() {
        return run.step
      },
    })
    // What a trigger's step knows of its holder: as an effect's `held`, through the same holding.
    const heldBy = (unit: UnitState, entry: EntryDefinition, always: boolean): Held | null => {
      const holding = always ? { params: entry.params ?? NO_PARAMS, owned: true } : holdings.holding(game, unit, entry)
      if (!holding) return null
      return { unit, params: holding.params, owned: holding.owned, decision: decide, modifiers, holds }
    }
    const run: GameRun = {
      unexplainedOpen: false,
      step: newStepScratch(game.seq),
      context: {
        game,
        variant: game.variant,
        profile: index.ruleset.profiles?.[game.variant],
        get seq() {
          return run.step.seq
        },
        get explaining() {
          return run.step.explaining
        },
        unit: (id) => unitOf(game, id, run.step.seq),
        characterUnits: () => holdings.characterUnits(game),
        holdsAnywhere: (id) => holdings.holdsAnywhere(game, id),
        holds,
        rule: index.rule,
        decision: decide,
        modifiers,
        triggered: (on, query) => triggeredSteps(triggersOn, on, query, run.context, heldBy, index.rule),
        // What `holding` finds, `holdsAnywhere` finds too: a point none may act at asks no unit.
        mayTrigger: (on) => mayTrigger(triggersOn, on, (id) => holdings.holdsAnywhere(game, id)),
        emit: (outcome) => record(game, run.step, outcome),
      },
    }
    return run
  }

  return (game) => {
    let run = runs.get(game)
    if (!run) {
      run = newRun(game)
      runs.set(game, run)
    }
    return run
  }
}
