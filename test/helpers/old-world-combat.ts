import type { CombatMoment } from '../../core/engine/effects.js'
import type { OpenRequest } from '../../core/engine/types.js'
import type { UnitDefinitionInput } from '../../core/events/index.js'
import { citedRules, type Explanation } from '../../core/explain/index.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import type { Draft, RulesetGame, UnitInput } from './classic-game.js'
import { OldWorldGame, owCombatGame, owEv, owUnit } from './old-world-game.js'

type DiceRequest = Extract<OpenRequest, { kind: 'dice' }>

/** An Old World game with one unit a side, in the Combat phase, and a procedure context to ask the points. */
export function owContext(attacker: UnitInput, target: UnitInput) {
  const game = owCombatGame(owUnit('a', attacker), owUnit('b', target))
  const ctx = game.engine.contextFor(game.state) as ClassicContext
  return { game, ctx, attacker: ctx.unit('a'), target: ctx.unit('b') }
}

/** A moment of combat c1, round 1, unless told otherwise. */
export function moment(values: Partial<CombatMoment> = {}): CombatMoment {
  return { combat: 'c1', round: 1, charged: false, charging: false, facing: 'front', ...values }
}

/** Whether an explanation tree cites `old-world/<id>` (§clause, when given) among its applied or ignored lines. */
export function cites(tree: Explanation, id: string, clause?: string): boolean {
  return citedRules(tree).some(
    (ref) => ref.ruleset === 'old-world' && ref.id === id && (clause === undefined || ref.clause === clause),
  )
}

export interface JoinOptions {
  readonly models?: number
  /** Models of the defender in contact (`models` when not said). */
  readonly defenderModels?: number
  readonly moved?: number
  readonly facing?: 'front' | 'flank' | 'rear'
  readonly chargerWeapon?: string
  readonly defenderWeapon?: string
  readonly supporting?: number
  readonly highGround?: string
}

/** p1's `charger` charges p2's `defender`; `models` of each in base contact. */
export function owJoined(charger: string, defender: string, options: JoinOptions = {}): Draft {
  const models = options.models ?? 5
  return {
    type: 'CombatJoined',
    payload: {
      combat: 'c1',
      sides: [
        {
          player: 'p1',
          units: [
            {
              unit: charger,
              charged: true,
              ...(options.facing ? { facing: options.facing } : {}),
              ...(options.moved === undefined ? {} : { moved: options.moved }),
            },
          ],
        },
        { player: 'p2', units: [{ unit: defender }] },
      ],
      contact: [
        {
          unit: charger,
          models,
          ...(options.chargerWeapon ? { weapon: options.chargerWeapon } : {}),
        },
        {
          unit: defender,
          models: options.defenderModels ?? models,
          ...(options.supporting ? { supporting: options.supporting } : {}),
          ...(options.defenderWeapon ? { weapon: options.defenderWeapon } : {}),
        },
      ],
      ...(options.highGround ? { highGround: options.highGround } : {}),
    },
  }
}

/** Two units of p1 and p2 in a combat game. */
export function owFight(attacker: UnitDefinitionInput, target: UnitDefinitionInput): OldWorldGame {
  return owCombatGame(attacker, target)
}

/**
 * Answers every open request until none is left: dice by `faces` (the request's purpose and count; the request
 * itself last, for its text), choices by their first option. Returns the dice requests' texts, in order.
 */
export function playOut(
  game: RulesetGame,
  faces: (purpose: string, count: number, index: number, request: DiceRequest) => number[] = (_p, count) =>
    Array(count).fill(1),
): string[] {
  const asked: string[] = []
  for (let i = 0; i < 60 && Object.keys(game.game.requests).length > 0; i++) {
    const request = game.game.requests[game.openRequest()]
    if (request?.kind === 'dice') {
      asked.push(request.text)
      game.roll(faces(request.purpose, request.count, i, request))
    } else game.choose(request?.kind === 'choice' ? (request.options[0]?.id ?? '') : '')
  }
  return asked
}

export { OldWorldGame, owEv, owUnit }
