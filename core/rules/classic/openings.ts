import type { EventOf, ProcedureContext } from '../../engine/types.js'
import { chargesAwaitingShot } from '../battle/charge-move.js'
import { type OpeningStep, turnStartSteps } from '../battle/openings.js'
import { phaseLossesSteps } from '../battle/phase-losses.js'
import { rallyTests } from '../battle/rally.js'
import { combatsAtPhaseStart } from '../battle/unit-in-combat.js'
import type { ClassicContext } from './catalogue.js'
import { concealedAtCombatPhase, concealedAtTurnStart } from './deployment.js'
import { windsOfMagic } from './magic/winds.js'

/** Steps at the start of each player turn, in order. */
const turnSteps: readonly OpeningStep<'TurnStarted', ClassicContext>[] = [concealedAtTurnStart, turnStartSteps]

/** Steps at the start of each phase, in order. */
const phaseSteps: { readonly [phase: string]: readonly OpeningStep<'PhaseStarted', ClassicContext>[] } = {
  movement: [phaseLossesSteps, rallyTests],
  // A classic-8th charge left waiting for a Stand and Shoot shot never declared goes on first (battle/charge-move.ts).
  magic: [chargesAwaitingShot, phaseLossesSteps, windsOfMagic],
  shooting: [chargesAwaitingShot, phaseLossesSteps],
  'close-combat': [chargesAwaitingShot, phaseLossesSteps, concealedAtCombatPhase, combatsAtPhaseStart],
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
