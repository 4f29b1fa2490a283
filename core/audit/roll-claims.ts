import type { EachDieJudging, OpenRequest, StepResult, TotalJudging } from '../engine/types.js'
import type { PayloadOf } from '../events/event-types.js'
import { type Explanation, explain } from '../explain/explanation.js'

/**
 * A claim about a roll (docs/audit.md): the score its dice needed, the Leadership a test was taken on, a re-roll taken
 * or not, a special rule applied to the event. Each is compared with what the engine recorded — the request's need
 * and target, the re-roll it asked for, the rules its explanations say applied — never by working the rules out again.
 */

type Claim = PayloadOf<'Claim'>

/** What the fold of a game recorded that a roll claim is compared with. */
export interface RollRecord {
  /** Every request the game opened, by id. */
  readonly requests: ReadonlyMap<string, OpenRequest>
  /** The dice that answered each request: their seq and faces. */
  readonly answers: ReadonlyMap<string, { readonly seq: number; readonly faces: readonly number[] }>
  /** The request each DiceRolled answered, by its seq. */
  readonly answered: ReadonlyMap<number, string>
  /** The steps of the events claims are about. */
  readonly steps: ReadonlyMap<number, StepResult>
}

/** One thing a claim says, against what the rules give. */
export interface Compared {
  readonly table: string
  readonly rules: string
  /** The engine's explanation of what the rules give. */
  readonly explanation: Explanation | null
  readonly differs: boolean
  /** The difference changed the game, and how, in words (null: it did not). */
  readonly change: string | null
  /** More seqs involved (the roll's answer, its re-roll). */
  readonly seqs: readonly number[]
}

/** The id of the roll a claim speaks of: named, or the one its `about` event answered. */
export function claimedRequest(claim: Claim, record: RollRecord): string | null {
  return claim.request ?? record.answered.get(claim.about) ?? null
}

export function compareRollClaim(claim: Claim, record: RollRecord, ruleset: RulesetWords): Compared[] {
  const compared: Compared[] = []
  const asksRoll = claim.need !== undefined || claim.leadership !== undefined || claim.rerolled !== undefined
  const id = asksRoll ? claimedRequest(claim, record) : null
  const request = id === null ? undefined : record.requests.get(id)
  if (asksRoll && request?.kind === 'dice') {
    const answer = record.answers.get(request.id)
    const claimed: RollClaimed = {
      roll: request,
      answer,
      what: `roll ${request.id} (${request.text.replace(/:.*$/, '')}, ${request.purpose})`,
      answerSeqs: answer ? [answer.seq] : [],
    }
    if (claim.need !== undefined) compared.push(compareNeed(claim.need, claimed))
    if (claim.leadership !== undefined) compared.push(compareLeadership(claim.leadership, claimed))
    if (claim.rerolled !== undefined) compared.push(compareReroll(claim.rerolled, claimed, record))
  } else if (asksRoll)
    compared.push({
      table: `${claimWords(claim)} (${id === null ? `seq ${claim.about}` : `roll ${id}`})`,
      rules: id === null ? `seq ${claim.about} answered no roll` : `there is no roll ${id} in this game`,
      explanation: null,
      differs: true,
      change: null,
      seqs: [],
    })
  if (claim.rule !== undefined)
    compared.push(compareRule(claim.about, claim.rule, claim.ruleApplied !== false, record, ruleset))
  return compared
}

/** The ruleset a rule claim is judged in: its id, the clauses each entry's effects name, each entry's name. */
export interface RulesetWords {
  readonly id: string
  readonly effectClauses: (id: string) => readonly string[]
  readonly ruleName: (id: string) => string
}

/** The roll a claim speaks of, its answer, and how the audit names it. */
interface RollClaimed {
  readonly roll: Extract<OpenRequest, { kind: 'dice' }>
  readonly answer: { readonly seq: number; readonly faces: readonly number[] } | undefined
  readonly what: string
  readonly answerSeqs: readonly number[]
}

/** The score each die needed, against the request's. */
function compareNeed(claimed: number, { roll, answer, what, answerSeqs }: RollClaimed): Compared {
  const judging = roll.odds?.kind === 'each-die' ? roll.odds : null
  const need = roll.need ?? null
  const differs = need !== claimed
  const successes = (score: number) =>
    answer ? answer.faces.filter((face) => dieSucceeds(face, score, judging)).length : 0
  const changed = differs && need !== null && answer && successes(claimed) !== successes(need)
  return {
    table: `${what}: rolled needing ${claimed}+`,
    rules: need === null ? `${what}: no score each die needs` : `${what}: needs ${need}+`,
    explanation: roll.explanation,
    differs,
    change: changed
      ? `dice ${answer?.faces.join(', ')}: ${successes(claimed)} succeed at ${claimed}+, ` +
        `${successes(need)} at ${need}+`
      : null,
    seqs: answerSeqs,
  }
}

/** The value a test was taken on, against the request's target. */
function compareLeadership(claimed: number, { roll, answer, what, answerSeqs }: RollClaimed): Compared {
  const judging = roll.odds?.kind === 'total' ? roll.odds : null
  const target = judging?.pass && 'atMost' in judging.pass ? judging.pass.atMost : null
  const differs = target !== claimed
  const verdict = (value: number) =>
    answer && judging && target !== null ? testVerdict(answer.faces, judging, target, value) : null
  const table = verdict(claimed)
  const rules = target === null ? null : verdict(target)
  return {
    table: `${what}: tested on ${claimed}`,
    rules: target === null ? `${what}: not a test taken on a Leadership` : `${what}: tested on ${target}`,
    explanation: roll.explanation,
    differs,
    change:
      differs && table !== null && rules !== null && table !== rules
        ? `dice ${answer?.faces.join(' + ')}: ${table} on ${claimed}, ${rules} on ${target}`
        : null,
    seqs: answerSeqs,
  }
}

/** A re-roll taken or not, against the re-roll the engine asked for once the roll was in. */
function compareReroll(
  claimed: boolean,
  { roll, answer, what, answerSeqs }: RollClaimed,
  record: RollRecord,
): Compared {
  // The rules re-rolled when the engine asked for the re-roll of this roll's dice, once its answer was in.
  const again = answer
    ? [...record.requests.values()].find(
        (r): r is Extract<OpenRequest, { kind: 'dice' }> =>
          r.kind === 'dice' && r.openedAt === answer.seq && r.purpose === `re-roll-${roll.purpose}`,
      )
    : undefined
  const againAnswer = again ? record.answers.get(again.id) : undefined
  const differs = claimed !== (again !== undefined)
  const judging = again?.odds?.kind === 'each-die' ? again.odds : null
  const wanted = roll.reroll === 'successful' ? 'successful' : 'failed'
  // A re-roll changed the roll when a re-rolled die came up otherwise than it first had (a miss became a hit).
  const turned =
    again && againAnswer && again.need !== undefined
      ? againAnswer.faces.filter((face) => dieSucceeds(face, again.need as number, judging) === (wanted === 'failed'))
          .length
      : 0
  return {
    table: `${what}: ${claimed ? 're-rolled' : 'not re-rolled'}`,
    rules: again
      ? `${what}: ${again.count} ${wanted} dice re-rolled (${again.text.replace(/^.*\(([^)]*)\)$/, '$1')})`
      : `${what}: no rule re-rolls these dice`,
    explanation: again?.explanation ?? roll.explanation,
    differs,
    change: !differs
      ? null
      : again
        ? turned > 0
          ? `${turned} of the ${again.count} re-rolled dice came up ${wanted === 'failed' ? 'a success' : 'a failure'}`
          : null
        : 'the table re-rolled dice the rules keep',
    seqs: [...answerSeqs, ...(againAnswer ? [againAnswer.seq] : [])],
  }
}

/** A special rule applied to the event (or not), against the rules its explanations cite as applied. */
function compareRule(about: number, rule: string, said: boolean, record: RollRecord, ruleset: RulesetWords): Compared {
  const step = record.steps.get(about)
  const trees = step ? [...step.outcomes.map((o) => o.explanation), ...step.requests.map((r) => r.explanation)] : []
  const nodes = trees.flatMap((tree) => nodesCiting(tree, ruleset.id, rule))
  const applied = nodes.filter((node) => node.status !== 'ignored')
  const ignored = nodes.filter((node) => node.status === 'ignored')
  const name = ruleset.ruleName(rule)
  const rulesApplied = applied.length > 0
  const differs = said !== rulesApplied
  const explanation = rulesApplied
    ? explain(`${name} applies at seq ${about}`, { from: [about] }, applied)
    : ignored.length > 0
      ? explain(`${name} does not apply at seq ${about}`, { from: [about] }, ignored)
      : explain(
          `${name} does not apply at seq ${about}: the rules' explanations of it never call on it`,
          { from: [about] },
          ruleset
            .effectClauses(rule)
            .map((clause) => explain(`${name} §${clause}`, { rule: { ruleset: ruleset.id, id: rule, clause } })),
        )
  return {
    table: `seq ${about}: ${name} ${said ? 'applied' : 'not applied'}`,
    rules: `seq ${about}: ${name} ${rulesApplied ? 'applies' : 'does not apply'}${
      !rulesApplied && ignored[0] ? ` (${ignored[0].text})` : ''
    }`,
    explanation,
    differs,
    // The engine does not play the event again under the table's rule: an applied rule it does not give (or one
    // left out) is taken to have changed the game.
    change: differs ? `the table played seq ${about} ${said ? 'with' : 'without'} ${name}` : null,
    seqs: [],
  }
}

function claimWords(claim: Claim): string {
  return [
    claim.need === undefined ? null : `needing ${claim.need}+`,
    claim.leadership === undefined ? null : `tested on ${claim.leadership}`,
    claim.rerolled === undefined ? null : claim.rerolled ? 're-rolled' : 'not re-rolled',
  ]
    .filter((part) => part !== null)
    .join(', ')
}

/** A die judged as the request's `odds` say the procedure judges it, at `need`. */
function dieSucceeds(face: number, need: number, judging: EachDieJudging | null): boolean {
  if (face === 1 && judging?.naturalOneFails) return false
  if (face === 6 && judging?.naturalSixSucceeds) return true
  return face >= need
}

/**
 * A test on a total judged as the request's `odds` say, taken on `value` where the rules take it on `target`: the
 * naturals decide first; a graded test's worse failure moves with the value.
 */
function testVerdict(faces: readonly number[], judging: TotalJudging, target: number, value: number): string {
  for (const natural of judging.naturals ?? [])
    if (faces.filter((face) => face === natural.face).length >= natural.count)
      return natural.passes ? 'passed' : 'failed'
  const dice = faces.reduce((sum, face) => sum + face, 0)
  if (judging.worseAbove !== undefined && dice > judging.worseAbove + (value - target)) return 'failed the worse way'
  return dice + (judging.add ?? 0) <= value ? 'passed' : 'failed'
}

/** The nodes of a tree citing an entry of the ruleset. */
function nodesCiting(tree: Explanation, ruleset: string, id: string): Explanation[] {
  const found: Explanation[] = []
  const walk = (node: Explanation) => {
    if (node.rule?.ruleset === ruleset && node.rule.id === id) found.push(node)
    node.children.forEach(walk)
  }
  walk(tree)
  return found
}
