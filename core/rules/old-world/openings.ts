import type { EventOf, ProcedureContext } from '../../engine/types.js'
import { chargesAwaitingShot } from '../battle/charge-move.js'
import type { BattleContext } from '../battle/context.js'
import type { OpeningStep } from '../battle/openings.js'
import { phaseLossesSteps } from '../battle/phase-losses.js'
import { rallyTests } from '../battle/rally.js'

/**
 * What The Old World checks as each phase starts, with the steps it shares with the classic ruleset: heavy
 * casualties of the phase just over (none for the Combat phase's: old-world/panic), and the Rally sub-phase, last
 * in the Strategy phase (old-world/rally; B.1's Start of Turn, Command and Conjuration come first at the table).
 */
const phaseSteps: { readonly [phase: string]: readonly OpeningStep<'PhaseStarted'>[] } = {
  strategy: [phaseLossesSteps, rallyTests],
  movement: [phaseLossesSteps],
  // A charge left waiting for a Stand and Shoot shot never declared goes on before anything else.
  shooting: [chargesAwaitingShot, phaseLossesSteps],
  'close-combat': [chargesAwaitingShot, phaseLossesSteps],
}

function* startOfPhase(context: ProcedureContext, event: EventOf<'PhaseStarted'>) {
  for (const step of phaseSteps[event.payload.phase] ?? []) yield* step(context as BattleContext, event)
}

export const oldWorldOpenings = {
  phases: Object.fromEntries(Object.keys(phaseSteps).map((phase) => [phase, startOfPhase])),
}
