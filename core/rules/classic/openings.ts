import type { Answer, EventOf, ProcedureContext, RequestSpec } from '../../engine/types.js'
import type { ClassicContext } from './catalogue.js'
import { chargesAwaitingShot } from './charges.js'
import { concealedAtCombatPhase, concealedAtTurnStart } from './deployment.js'
import { windsOfMagic } from './magic/winds.js'
import { fearAtPhaseStart, heavyCasualties, rallyTests, stupidityTests } from './psychology.js'

/**
 * One check the rules make when a turn or a phase starts (Stupidity at the start of a turn, Fear
 * at the start of close combat, the Winds of Magic). Each area of the rules registers its steps
 * below; they run in the order listed, each asking the table what it needs.
 */
export type OpeningStep<T extends 'TurnStarted' | 'PhaseStarted'> = (
  ctx: ClassicContext,
  event: EventOf<T>,
) => Generator<RequestSpec, void, Answer>

/** Steps at the start of each player turn, in order. */
const turnSteps: readonly OpeningStep<'TurnStarted'>[] = [concealedAtTurnStart, stupidityTests]

/** Steps at the start of each phase, in order. */
const phaseSteps: { readonly [phase: string]: readonly OpeningStep<'PhaseStarted'>[] } = {
  movement: [heavyCasualties, rallyTests],
  // A classic-8th charge left waiting for a Stand and Shoot shot never declared goes on first (charges.ts).
  magic: [chargesAwaitingShot, heavyCasualties, windsOfMagic],
  shooting: [chargesAwaitingShot, heavyCasualties],
  'close-combat': [chargesAwaitingShot, heavyCasualties, concealedAtCombatPhase, fearAtPhaseStart],
}

function* startOfTurn(context: ProcedureContext, event: EventOf<'TurnStarted'>) {
  for (const step of turnSteps) yield* step(context as ClassicContext, event)
}

function* startOfPhase(context: ProcedureContext, event: EventOf<'PhaseStarted'>) {
  for (const step of phaseSteps[event.payload.phase] ?? []) yield* step(context as ClassicContext, event)
}

export const classicOpenings = {
  turn: startOfTurn,
  phases: Object.fromEntries(Object.keys(phaseSteps).map((phase) => [phase, startOfPhase])),
}
