import type { UnitDefinitionInput } from '../../core/events/index.js'
import { oldWorld } from '../../core/rules/old-world/index.js'
import { type Draft, ev, HASH, RulesetGame, type UnitInput, unitDef } from './classic-game.js'

/** Events of an Old World game; the rest are the classic helpers' (`ev`). */
export const owEv = {
  ...ev,
  created: (): Draft => ({
    type: 'GameCreated',
    payload: {
      ruleset: 'old-world',
      variant: 'old-world',
      catalogueHash: HASH,
      players: [
        { id: 'p1', name: 'One' },
        { id: 'p2', name: 'Two' },
      ],
    },
  }),
}

/** An Old World game driven straight through the engine. */
export class OldWorldGame extends RulesetGame {
  constructor(...given: Draft[]) {
    super(oldWorld, ...given)
  }
}

/** A unit as an Old World list describes it: regular infantry with hand weapons unless told otherwise. */
export function owUnit(id: string, values: UnitInput = {}): UnitDefinitionInput {
  return unitDef(id, values)
}

/** Two units facing each other in the Combat phase of turn 1. */
export function owCombatGame(attacker: UnitDefinitionInput, target: UnitDefinitionInput): OldWorldGame {
  return new OldWorldGame(
    owEv.created(),
    owEv.mustered('p1', attacker),
    owEv.mustered('p2', target),
    owEv.turn(1, 'p1'),
    owEv.phase('close-combat'),
  )
}
