import type { Engine, EngineState } from '../engine/driver.js'
import type { StepOptions } from '../engine/types.js'
import { type EventEnvelope, hostNameProblem } from '../events/envelope.js'
import { ArbiterError } from '../events/errors.js'
import { gameEvents } from '../events/index.js'
import { type Corrections, correctionsOfLog } from './corrections.js'
import { engineForGame, requireValidatedForm, rulesVersionOf, stepCorrected, toEngineEvent } from './fold.js'
import { type SignatureSummary, signatureChecker } from './signatures.js'

/** What a whole-log check found: the game replayed and its signatures checked, or the first seq that is not sound. */
export type LogCheck =
  | { readonly ok: true; readonly events: number; readonly head: string; readonly signatures: SignatureSummary }
  | { readonly ok: false; readonly seq: number; readonly problem: string }

const UNREAD: StepOptions = { explanations: false }

interface CreatedPayload {
  readonly players: readonly { readonly id: string }[]
  readonly ruleset: string
  readonly variant: string
  readonly catalogueHash: string
}

/**
 * Everything a log must be beyond its hash chain (issue 17, which the caller has checked): each payload
 * fits its schema in the form Arbiter writes, each event carries the game's rules version, the whole game
 * replays under its rules (a D6 of 7, an answer to no request, an actor who is no player or not entitled
 * are refused by the engine), and every key and signature holds. The first problem is returned with its
 * seq; a game recorded under rules this Arbiter no longer has throws, as every open of it does. The game is
 * replayed as its corrections say, each judged as it was recorded (docs/corrections.md). `afterStep` sees
 * the state (one object, stepped in place) after each event is folded, with the corrections it folds by.
 */
export async function checkLog(
  events: Iterable<EventEnvelope>,
  underCurrentRules: boolean,
  afterStep?: (seq: number, engine: Engine, state: EngineState, corrections: Corrections) => void,
): Promise<LogCheck> {
  // Read whole: a correction voids or replaces events before it, so the replay must know them all first.
  const log = [...events]
  let corrections: Corrections | undefined
  let engine: Engine | undefined
  let state: EngineState | undefined
  let rulesVersion = ''
  let signatures: ReturnType<typeof signatureChecker> | undefined
  let last: EventEnvelope | undefined
  let count = 0
  for (const envelope of log) {
    count += 1
    last = envelope
    try {
      if (engine === undefined || state === undefined || signatures === undefined) {
        if (envelope.type !== 'GameCreated')
          return { ok: false, seq: envelope.seq, problem: 'the game does not start with GameCreated' }
        const created = gameEvents.readPayload(envelope.type, envelope.v, envelope.payload) as CreatedPayload
        engine = engineForGame(created.ruleset, created.catalogueHash, underCurrentRules)
        state = engine.initialState()
        rulesVersion = rulesVersionOf(created.ruleset, created.variant, created.catalogueHash)
        const players = created.players.map((player) => player.id)
        signatures = signatureChecker(players)
        const judged = correctionsOfLog(log, players)
        if (!judged.ok) return judged
        corrections = judged.corrections
      }
      if (envelope.rulesVersion !== rulesVersion)
        throw new ArbiterError(
          'import/rules-version',
          `rulesVersion ${envelope.rulesVersion} differs from the game's ${rulesVersion}`,
        )
      const badHost = envelope.host === undefined ? null : hostNameProblem(envelope.host)
      if (badHost !== null) throw new ArbiterError('import/bad-line', badHost)
      requireValidatedForm(envelope)
      const correction = corrections?.get(envelope.seq)
      // Nothing reads a check's explanations: none is built (the state is the same without them).
      if (correction) stepCorrected(engine, state, envelope, correction, UNREAD)
      else engine.step(state, toEngineEvent(envelope), UNREAD)
    } catch (error) {
      if (error instanceof ArbiterError && error.code === 'api/catalogue-mismatch') throw error
      return { ok: false, seq: envelope.seq, problem: error instanceof Error ? error.message : String(error) }
    }
    if (afterStep && engine && state && corrections) afterStep(envelope.seq, engine, state, corrections)
    const wrong = await signatures.add(envelope)
    if (wrong !== null) return { ok: false, ...wrong }
  }
  if (last === undefined || signatures === undefined) return { ok: false, seq: 1, problem: 'the game has no events' }
  return { ok: true, events: count, head: last.hash, signatures: signatures.finish() }
}

/** A problem as a line shows it after its own "seq N: " (the engine's messages name their seq already). */
export function problemAfterSeq(seq: number, problem: string): string {
  const prefix = `seq ${seq}: `
  return problem.startsWith(prefix) ? problem.slice(prefix.length) : problem
}
