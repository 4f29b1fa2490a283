import type { EventOf, MagicState, UnitState } from '../../../engine/types.js'
import type { PayloadOf } from '../../../events/event-types.js'
import { type Explanation, explain } from '../../../explain/explanation.js'
import type { Wizard } from '../../battle/magic/wizards.js'
import { characterView } from '../../battle/models.js'
import type { OldWorldContext } from '../catalogue.js'

export type SpellType = NonNullable<PayloadOf<'SpellCast'>['spellType']>

/** The phase each type of spell is cast in (core-mechanics B.1, B.3). */
export const PHASE_OF: Readonly<Record<SpellType, string>> = {
  enchantment: 'strategy',
  hex: 'strategy',
  conveyance: 'movement',
  'magic-missile': 'shooting',
  vortex: 'shooting',
  assailment: 'close-combat',
}

/** A spell as the players enter it from their lore: seed 001 names none. */
export interface EnteredSpell {
  readonly id: string
  readonly name: string
  readonly type: SpellType
  readonly castingValue: number
  readonly hits: number | string | null
  readonly strength: number | null
}

export interface Cast {
  readonly wizard: Wizard
  readonly spell: EnteredSpell
  readonly target: UnitState
  readonly event: EventOf<'SpellCast'>
}

export const word = (type: SpellType) => type.replace('-', ' ')

/** What a Wizard adds to 2D6: half its Level, rounded up (old-world/variants §casting-bonus). */
export function levelBonus(
  ctx: OldWorldContext,
  wizard: Wizard,
): { readonly value: number; readonly explanation: Explanation } {
  const value = Math.ceil(wizard.level / 2)
  return {
    value,
    explanation: explain(`+ ${value}: half of ${wizard.name}'s Level ${wizard.level}, rounded up`, {
      value,
      rule: ctx.rule('variants', 'casting-bonus'),
    }),
  }
}

/** The Wizard's own model: its own gear (its armour) bars it, not its unit's; a lone Wizard is its unit. */
export function wizardModel(wizard: Wizard): UnitState {
  return wizard.character ? characterView(wizard.unit, wizard.character) : wizard.unit
}

/** The Old World's casting record of a turn: the magic state, with the players who made their Fated dispel. */
export interface OldWorldMagic extends MagicState {
  /** The players who have made their Fated dispel this turn (one each a turn). */
  readonly fated?: readonly string[]
}

/** The turn's casting record: started afresh at the first spell of a side's turn. */
export function turnMagic(ctx: OldWorldContext): OldWorldMagic {
  // The record The Old World's casting keeps in the game (the engine holds it as it is).
  const magic = ctx.game.magic as OldWorldMagic | null
  if (magic && magic.turn === ctx.game.turn && magic.player === ctx.game.activePlayer) return magic
  return {
    turn: ctx.game.turn,
    player: ctx.game.activePlayer ?? '',
    power: 0,
    dispel: {},
    attempted: [],
    done: [],
    dispelDone: [],
    fated: [],
  }
}

/** Marks a Wizard as casting no more this turn (Miscast results 8-12). */
export function endCasting(ctx: OldWorldContext, wizard: Wizard, why: string, from: number): void {
  const magic = turnMagic(ctx)
  if (magic.done.includes(wizard.id)) return
  ctx.emit({
    kind: 'magic-dice',
    text: `${wizard.name} casts no more this turn`,
    values: { magic: { ...magic, done: [...magic.done, wizard.id] } },
    explanation: explain(`${wizard.name} casts no more this turn: ${why}`, {
      rule: ctx.rule('magic', 'miscast-table'),
      from: [from],
    }),
  })
}
