import type { EngineState, Frame } from './engine-state.js'
import { RuleError } from './errors.js'
import type { StepScratch } from './step-scratch.js'
import type { Answer, EventOf, GameState, OpenRequest, RequestSpec } from './types.js'

/** Runs a procedure until it asks for something or ends; registers what it asks for in the step. */
export function advance(
  state: EngineState,
  game: GameState,
  step: StepScratch,
  frame: Frame,
  answer: Answer | undefined,
): void {
  const next = answer === undefined ? frame.generator.next() : frame.generator.next(answer)
  if (next.done) return
  // Every spec is a new object a procedure yields (`rollDice`, `choose`): it becomes the request itself, no copy
  // made on a replay's hot path (a spread of it cost ~7x more on Node 20).
  const request = next.value as RequestSpec & { id: string; openedAt: number; procedure: string }
  const id = `${step.seq}.${step.requests.length + 1}`
  request.id = id
  request.openedAt = step.seq
  request.procedure = frame.procedure
  game.requests[id] = request
  state.frames.set(id, frame)
  step.requests.push(request)
}

/** An answer checked against the request it answers: the right kind, count and faces, or an offered option. */
export function checkAnswer(request: OpenRequest, event: EventOf<'DiceRolled'> | EventOf<'ChoiceMade'>): Answer {
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
      `seq ${event.seq}: request ${request.id} offers ${request.options.map((o) => o.id).join(', ')}, not "${option}"`,
    )
  }
  return { kind: 'choice', option, seq: event.seq }
}
