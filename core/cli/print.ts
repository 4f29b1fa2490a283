import type { GameStatus, StateChecks, StepView } from '../api/game-api-contract.js'
import { renderExplanationText } from '../api/index.js'
import type { OpenRequest } from '../engine/types.js'
import { ARBITER } from './args.js'
import { oneLine, oneLineTree } from './safe-output.js'

/**
 * One line for a step: what happened and who recorded it, then the requests it opened. `withHost` (a
 * replay) names the host it was recorded through too, when the log keeps one; a writing command's own
 * step was recorded here.
 */
export function stepLine(step: StepView, withHost = false): string {
  const via = withHost && step.host !== undefined ? ` via ${oneLine(step.host)}` : ''
  const parts = [`#${step.seq} ${step.type} (${oneLine(step.actor)}${via})${correctionMark(step)}`]
  const said = step.outcomes.map((o) => oneLine(o.text))
  if (said.length > 0) parts.push(`: ${said.join('; ')}`)
  // A voided step's explanation says what its mark says.
  else if (step.explanation && step.requests.length === 0 && !isVoided(step))
    parts.push(`: ${oneLine(step.explanation.text)}`)
  let text = parts.join('')
  for (const request of step.requests) text += `\n    -> request ${request.id}: ${oneLine(request.text)}`
  return text
}

/** A corrected step's mark (docs/corrections.md): voided, or replaced and by what, by which correction and why. */
function correctionMark(step: StepView): string {
  const { correction } = step
  if (!correction) return ''
  const what = correction.replacement ? `REPLACED with ${correction.replacement.type}` : 'VOIDED'
  return ` [${what} by #${correction.by} (${oneLine(correction.author)}): ${oneLine(correction.reason)}]`
}

function isVoided(step: StepView): boolean {
  return step.correction !== undefined && step.correction.replacement === undefined
}

/** The step line and, when it says more than the line, its explanation tree. */
export function explainedStep(step: StepView, withHost = false): string {
  const tree = step.explanation
  // A bare one-line explanation is already the step line itself.
  if (tree && (tree.children.length > 0 || step.outcomes.length > 0 || step.requests.length > 0))
    return `${stepLine(step, withHost)}\n${renderExplanationText(oneLineTree(tree), '    ')}`
  return stepLine(step, withHost)
}

/** A request without its explanation tree: what it asks, of whom, and how it is answered. */
function bareRequest({ explanation: _e, ...rest }: OpenRequest): Omit<OpenRequest, 'explanation'> {
  return rest
}

/** The step as a JSON value, its explanation trees left out unless asked for. */
function stepValue(step: StepView, withExplanations: boolean): unknown {
  if (withExplanations) return step
  return {
    seq: step.seq,
    type: step.type,
    actor: step.actor,
    ...(step.host === undefined ? {} : { host: step.host }),
    outcomes: step.outcomes.map(({ explanation: _e, ...rest }) => rest),
    requests: step.requests.map(bareRequest),
    ...(step.correction ? { correction: step.correction } : {}),
  }
}

/** The step as one JSON object, its explanation trees left out unless asked for. */
export function stepJson(step: StepView, withExplanations: boolean): string {
  return JSON.stringify(stepValue(step, withExplanations))
}

/**
 * What a writing command did, as one JSON object for a script (`--json`): the game, the step as
 * `replay --json` prints it, and every request open after it (each without its explanation tree).
 */
export function writeJson(
  gameId: string,
  step: StepView,
  openRequests: readonly OpenRequest[],
  more: Readonly<Record<string, unknown>> = {},
): string {
  return JSON.stringify({ gameId, step: stepValue(step, false), openRequests: openRequests.map(bareRequest), ...more })
}

/** How to answer a request from the command line. */
export function answerHint(request: OpenRequest, where: string): string {
  if (request.kind === 'dice')
    return `${ARBITER} roll ${request.id} FACES… ${where} --as ${request.roller}   (${request.count} faces, or --app)`
  const options = request.options.map((o) => o.id).join(', ')
  return `${ARBITER} choose ${request.id} OPTION ${where} --as ${request.chooser}   (OPTION: ${options})`
}

export function statusText(status: GameStatus, where: string): string {
  const lines = [
    `game ${status.gameId} at seq ${status.seq}: ${
      status.turn > 0
        ? `turn ${status.turn}${status.activePlayer ? ` (${status.activePlayer} to play)` : ''}`
        : 'before the first turn'
    }, ${status.phase ? `${status.phase} phase` : 'no phase started'}`,
  ]
  if (status.openRequests.length > 0) {
    lines.push('waiting for:')
    for (const request of status.openRequests) {
      const who = request.kind === 'dice' ? request.roller : request.chooser
      lines.push(`  request ${request.id} (${who}): ${oneLine(request.text)}`)
      if (request.kind === 'choice')
        for (const option of request.options) lines.push(`    option ${option.id}: ${oneLine(option.text)}`)
      lines.push(`    ${answerHint(request, where)}`)
    }
    lines.push('nothing can be declared until the open requests are answered')
  } else {
    lines.push('no roll or choice is owed')
    lines.push(`can declare now: ${status.canDeclare.join(', ')}`)
  }
  lines.push(...checksLines(status.checks))
  return `${lines.join('\n')}\n`
}

/** What a view's state rests on beyond the events folded, said plainly: a snapshot taken on trust, snapshots set aside. */
export function checksLines(checks: StateChecks | undefined): string[] {
  if (!checks) return []
  const lines = (checks.setAside ?? []).map(
    (wrong) =>
      `warning: the stored snapshot at seq ${wrong.seq} was set aside (${oneLine(wrong.problem)}); ` +
      'the state shown is folded from the events',
  )
  if (checks.unverifiedSnapshot !== undefined)
    lines.push(
      `unverified: the state is restored from the stored snapshot at seq ${checks.unverifiedSnapshot}; the chain ` +
        'was checked whole, but the events before it were not folded again (arbiter replay does that)',
    )
  return lines
}
