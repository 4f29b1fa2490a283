import type { ModifierRecord } from '../../../engine/effects.js'
import { RuleError } from '../../../engine/errors.js'
import type { GameState, ProcedureContext, UnitState } from '../../../engine/types.js'
import { isHidden } from '../hidden.js'
import { findCharacter, type Wizard } from './wizards.js'

/** What every ruleset's casting checks alike: the Wizard a SpellCast names, a bar on casting, who may dispel. */

/** The first applied `forbidden` record not lifted by an applied `allowed` one. */
export function barredBy(records: readonly ModifierRecord[]): ModifierRecord | null {
  if (records.some((r) => r.status === 'applied' && r.value === 'allowed')) return null
  return records.find((r) => r.status === 'applied' && r.kind === 'set' && r.value === 'forbidden') ?? null
}

/** The player who may dispel: the target's, or, for a spell on the caster's own side, the first other player. */
export function dispellerOf(
  ctx: { readonly game: GameState },
  cast: { readonly wizard: Wizard; readonly target: UnitState },
): string | null {
  const caster = cast.wizard.unit.player
  if (cast.target.player !== caster) return cast.target.player
  return ctx.game.players.find((p) => p.id !== caster)?.id ?? null
}

/**
 * The Wizard a SpellCast names, as every ruleset checks it: a character on the table with a Wizard level, of the
 * player whose turn it is (`turn`: what the refusal calls it), not slain, fleeing or hidden. Throws a RuleError.
 */
export function castingWizard(ctx: ProcedureContext, caster: string, where: string, turn: string): Wizard {
  const ruleset = ctx.game.ruleset
  const found = findCharacter(ctx.game, caster)
  if (!found) throw new RuleError('rules/not-a-wizard', `${where}: no character "${caster}" is on the table`)
  const level = found.character ? found.character.wizardLevel : (found.unit.wizardLevel ?? null)
  const name = found.character ? found.character.name : found.unit.name
  if (!level) throw new RuleError('rules/not-a-wizard', `${where}: ${name} is not a Wizard (${ruleset}/magic §cast)`)
  const wizard: Wizard = { id: caster, name, level, unit: found.unit, character: found.character }
  if (wizard.unit.player !== ctx.game.activePlayer)
    throw new RuleError(
      'rules/wrong-side',
      `${where}: ${name} belongs to ${wizard.unit.player}; it is ${ctx.game.activePlayer}'s ${turn}`,
    )
  if (wizard.unit.models === 0 || found.character?.slain)
    throw new RuleError('rules/unit-destroyed', `${where}: ${name} has been slain`)
  if (wizard.unit.fleeing) throw new RuleError('rules/unit-fleeing', `${where}: ${name} is fleeing and cannot cast`)
  if (found.character && isHidden(found.character))
    throw new RuleError(
      'rules/not-permitted',
      `${where}: ${name} is hidden in ${found.unit.name}: until revealed it is not on the table and cannot cast ` +
        `(${ruleset}/concealed §hidden)`,
    )
  return wizard
}
