import type { ActiveEffect } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import type { EventOf, Procedure, ProcedureContext } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import { characterView } from '../battle/models.js'
import type { ClassicContext } from './catalogue.js'

/**
 * The items a model may use by declaration, with when and for how long (the entries' words): the
 * Potion of Strength, drunk at the start of a close-combat phase, lasts until the end of the turn,
 * once a game.
 */
const USABLE = {
  'potion-of-strength': { phase: 'close-combat', duration: { kind: 'end-of-turn' } },
} as const satisfies Record<string, { phase: string; duration: ActiveEffect['duration'] }>

/**
 * ItemUsed: a model uses an item it carries. Checked before anything is recorded: the unit (or
 * its named character) carries it, it is usable now (at the start of the close-combat phase,
 * before any combat of the phase is fought), and it has not been used before in the game.
 */
export function* itemUsed(context: ProcedureContext, event: EventOf<'ItemUsed'>): Procedure {
  const ctx = context as ClassicContext
  const { item, character: characterId } = event.payload
  const where = `seq ${event.seq}: ItemUsed`
  const unit = ctx.unit(event.payload.unit)
  const character = characterId === undefined ? null : (unit.characters.find((c) => c.id === characterId) ?? null)
  if (characterId !== undefined && character === null)
    throw new RuleError('rules/bad-item', `${where}: ${unit.name} has no character "${characterId}"`)
  const user = character ?? unit
  if (!Object.hasOwn(USABLE, item))
    throw new RuleError(
      'rules/bad-item',
      `${where}: "${item}" is not an item a model uses by declaration (${Object.keys(USABLE).join(', ')})`,
    )
  const usable = USABLE[item as keyof typeof USABLE]
  const userModel = character ? characterView(unit, character) : unit
  if (!ctx.holds(userModel, item))
    throw new RuleError('rules/bad-item', `${where}: ${user.name} does not carry a ${item}`)
  if (unit.models === 0) throw new RuleError('rules/unit-destroyed', `${where}: ${unit.name} has no models left`)
  if (character?.slain) throw new RuleError('rules/unit-destroyed', `${where}: ${character.name} has been slain`)
  if (ctx.game.phase !== usable.phase)
    throw new RuleError(
      'rules/wrong-phase',
      `${where}: a ${item} is used at the start of the close-combat phase, not in the ` +
        `${ctx.game.phase ?? 'time before any phase'} (classic/${item} §use)`,
    )
  const fought = Object.values(ctx.game.combats).find(
    (c) => c.lastFought?.turn === ctx.game.turn && c.lastFought.player === ctx.game.activePlayer,
  )
  if (fought)
    throw new RuleError(
      'rules/combat-fought',
      `${where}: combat "${fought.id}" has already been fought this phase; a ${item} is used at the start of the ` +
        `close-combat phase, before any combat (classic/${item} §use)`,
    )
  const used = (ctx.game.itemsUsed ?? []).find(
    (u) => u.item === item && u.unit === unit.id && u.character === (characterId ?? null),
  )
  if (used)
    throw new RuleError(
      'rules/item-used-up',
      `${where}: ${user.name} already used its ${item} (seq ${used.seq}, turn ${used.turn}); it is one use only ` +
        `(classic/${item} §one-use)`,
    )

  const rule = ctx.rule('potion-of-strength', 'use')
  ctx.emit({
    kind: 'item-used',
    text: `${user.name} uses its ${item}`,
    values: { unit: unit.id, item, character: characterId ?? null, turn: ctx.game.turn },
    explanation: explain(`${user.name} uses its ${item}: one use only, now spent`, { rule, from: [event.seq] }, [
      explain('one use only', { rule: ctx.rule('potion-of-strength', 'one-use') }),
    ]),
  })
  const effect: ActiveEffect = {
    id: `${item}@${event.seq}`,
    entry: item,
    // A character's potion acts for the character alone (its own id), the unit's for the unit.
    unit: user.id,
    params: {},
    duration: usable.duration,
    startedAt: event.seq,
  }
  ctx.emit({
    kind: 'effect-started',
    text: `${user.name}: +3 Strength until the end of the turn`,
    values: { effect },
    explanation: explain(`${user.name} drinks the Potion of Strength: +3 S until the end of turn ${ctx.game.turn}`, {
      rule: ctx.rule('potion-of-strength', 'strength'),
      from: [event.seq],
    }),
  })
}
