import type { Outcome } from './outcomes.js'
import type { OpenRequest } from './types.js'

/**
 * What one step of one game says: the outcomes it records and the requests it opens, at its seq.
 * A step makes its own; a game's procedures write to the step of that game in progress (a game's
 * context reads it through its run), so two games folded by one engine never share one.
 */
export interface StepScratch {
  readonly seq: number
  readonly outcomes: Outcome[]
  readonly requests: OpenRequest[]
  /**
   * Whether anything reads this step's explanations (`StepOptions.explanations`): when not, the trees that go
   * only into explanations (its own, its outcomes') are not built. What a request says is built always: the
   * state holds it.
   */
  readonly explaining: boolean
}

export function newStepScratch(seq: number, explaining = true): StepScratch {
  return { seq, outcomes: [], requests: [], explaining }
}

/** Where a game's step in progress is found: a game's run, read when an outcome is recorded. */
export interface StepHolder {
  readonly step: StepScratch
}
