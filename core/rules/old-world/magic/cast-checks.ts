import { RuleError } from '../../../engine/errors.js'
import type { EventOf } from '../../../engine/types.js'
import { s } from '../../battle/counting.js'
import { barredBy, castingWizard } from '../../battle/magic/casting.js'
import { combatOf } from '../../battle/magic/wizards.js'
import type { OldWorldContext } from '../catalogue.js'
import { type Cast, type EnteredSpell, PHASE_OF, turnMagic, wizardModel, word } from './cast.js'

/** What the declaration is allowed to be; throws a RuleError naming what is wrong, before anything is recorded. */
export function checkCast(ctx: OldWorldContext, event: EventOf<'SpellCast'>): Cast {
  const where = `seq ${event.seq}: SpellCast`
  const p = event.payload
  const open = Object.keys(ctx.game.requests)
  if (open.length > 0)
    throw new RuleError(
      'engine/requests-open',
      `${where}: request ${open.join(', ')} is still open; answer it before the next spell`,
    )
  if (p.powerDice !== undefined)
    throw new RuleError(
      'rules/too-many-dice',
      `${where}: The Old World has no power dice; a spell is cast with 2D6 (old-world/magic §casting-roll)`,
    )
  if (p.spellType === undefined || p.castingValue === undefined)
    throw new RuleError(
      'rules/not-a-spell',
      `${where}: enter the spell from your lore: its type (spellType) and casting value (castingValue)`,
    )
  const type = p.spellType
  const wizard = castingWizard(ctx, p.caster, where, 'turn')
  const phase = PHASE_OF[type]
  if (ctx.game.phase !== phase)
    throw new RuleError(
      'rules/wrong-phase',
      `${where}: a ${word(type)} is cast in the ${phase} phase, not ${ctx.game.phase ?? 'before any phase'} ` +
        '(old-world/magic §phases)',
    )
  const magic = turnMagic(ctx)
  const name = p.spellName ?? p.spell
  if (magic.done.includes(wizard.id))
    throw new RuleError(
      'rules/cannot-cast',
      `${where}: ${wizard.name} casts no more this turn after its Miscast (old-world/magic §miscast-table)`,
    )
  if (magic.attempted.includes(`${wizard.id}/${p.spell}`))
    throw new RuleError(
      'rules/cannot-cast',
      `${where}: ${wizard.name} has already attempted ${name} this turn (old-world/magic §once-per-spell)`,
    )
  const tried = magic.attempted.filter((a) => a.startsWith(`${wizard.id}/`)).length
  if (tried >= wizard.level)
    throw new RuleError(
      'rules/cannot-cast',
      `${where}: ${wizard.name} is Level ${wizard.level} and has attempted ${tried} spell${s(tried)} this turn ` +
        '(old-world/magic §spells-per-turn)',
    )
  const barred = barredBy(ctx.modifiers('permission', { subject: wizardModel(wizard), opponent: null, action: 'cast' }))
  if (barred)
    throw new RuleError(
      'rules/cannot-cast',
      `${where}: ${wizard.name} cannot cast spells: ${barred.label} ` +
        `(${barred.source.ruleset}/${barred.source.id} §${barred.source.clause}; old-world/magic §armour)`,
    )
  const engaged = combatOf(ctx.game, wizard.unit.id)
  if (engaged && type !== 'assailment')
    throw new RuleError(
      'rules/engaged',
      `${where}: ${wizard.name} is engaged in combat and casts only Assailment spells (old-world/magic §engaged)`,
    )

  const target = ctx.unit(p.target)
  if (target.models === 0) throw new RuleError('rules/unit-destroyed', `${where}: ${target.name} has no models left`)
  const enemy = target.player !== wizard.unit.player
  if (type === 'enchantment' && enemy)
    throw new RuleError('rules/bad-target', `${where}: an Enchantment targets a friendly unit, not ${target.name}`)
  if ((type === 'hex' || type === 'magic-missile' || type === 'assailment') && !enemy)
    throw new RuleError('rules/friendly-target', `${where}: a ${word(type)} targets an enemy unit, not ${target.name}`)
  if (type === 'assailment') {
    if (!engaged || combatOf(ctx.game, target.id) !== engaged)
      throw new RuleError(
        'rules/bad-target',
        `${where}: an Assailment targets an enemy unit ${wizard.name} is engaged with (old-world/magic §assailment)`,
      )
  } else if (target.id !== wizard.unit.id && combatOf(ctx.game, target.id))
    throw new RuleError(
      'rules/bad-target',
      `${where}: ${target.name} is in combat; only an Assailment targets a unit in combat (old-world/magic §targeting)`,
    )
  if (target.id !== wizard.unit.id && !p.inArc)
    throw new RuleError(
      'rules/bad-target',
      `${where}: ${target.name} is not in ${wizard.name}'s vision arc, as the players saw it (old-world/magic §targeting)`,
    )
  if (type === 'magic-missile' && p.lineOfSight !== true)
    throw new RuleError(
      'rules/bad-target',
      `${where}: a Magic Missile needs line of sight: say that ${wizard.name} sees ${target.name} (lineOfSight) ` +
        '(old-world/magic §magic-missile)',
    )
  const hitting = type === 'magic-missile' || type === 'assailment'
  if (hitting && (p.hits === undefined || p.strength === undefined))
    throw new RuleError(
      'rules/not-a-spell',
      `${where}: a ${word(type)} hits: enter its hits (hits: a number or dice such as "D6") and Strength (strength)`,
    )
  if (!hitting && (p.hits !== undefined || p.strength !== undefined))
    throw new RuleError(
      'rules/not-a-spell',
      `${where}: a ${word(type)} makes no hits the engine rolls: its effect is the table's (no hits or strength)`,
    )
  const spell: EnteredSpell = {
    id: p.spell,
    name,
    type,
    castingValue: p.castingValue,
    hits: p.hits ?? null,
    strength: p.strength ?? null,
  }
  return { wizard, spell, target, event }
}
