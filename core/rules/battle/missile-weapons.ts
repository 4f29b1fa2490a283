import type { ParamValue } from '../../engine/catalogue.js'
import { RuleError } from '../../engine/errors.js'
import { type Resolved, resolveModifiers } from '../../engine/modifiers.js'
import type { UnitState } from '../../engine/types.js'
import type { RuleRef } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import type { BreathWeaponRules } from './profile.js'

/** The declared weapon as the catalogue defines it, with the shooter's list options over its params. */
export interface Weapon {
  readonly id: string
  readonly name: string
  readonly params: Readonly<Record<string, ParamValue>>
  readonly range: number | null
  readonly strength: number
  /** Its template ('flame'), when it hits by template rather than by aimed shots. */
  readonly template: string | null
  /** A Breath Weapon's clauses, where the weapon is one (classic's Breath Weapon); else null. */
  readonly breathWeapon: BreathWeaponRules | null
  /** Multiple Shots (X): X, or null when the weapon has none. */
  readonly multipleShots: number | null
  /** The weapon entry's own profile clause (Handbows: "Range 8\", S3"), when it has one. */
  readonly profileRule: RuleRef | null
}

/**
 * The declared weapon, looked up in the catalogue by the id the declaration names (the shooter
 * must carry it): a missile weapon has a range, a breath weapon a template; both a Strength.
 */
export function weaponOf(ctx: BattleContext, shooter: UnitState, weaponId: string, where: string): Weapon {
  const carried = [
    ...shooter.gear.map((gear) => ({ id: gear.id, given: gear.options })),
    ...shooter.rules.map((rule) => ({ id: rule.id, given: rule.params })),
  ].find((held) => held.id === weaponId)
  if (!carried) throw new RuleError('rules/wrong-weapon', `${where}: ${shooter.name} does not carry "${weaponId}"`)
  const entry = ctx.profile.entry(weaponId)
  const params: Readonly<Record<string, ParamValue>> = { ...(entry?.params ?? {}), ...carried.given }
  const number = (name: string) => (typeof params[name] === 'number' ? (params[name] as number) : null)
  const range = number('range')
  const strength = number('strength')
  const template = typeof params.template === 'string' ? params.template : null
  if (!entry || strength === null || (range === null && template === null))
    throw new RuleError(
      'rules/wrong-weapon',
      `${where}: ${entry?.name ?? weaponId} is not a missile weapon (no range or template and Strength in the catalogue)`,
    )
  const breathWeapon = params.breathWeapon === true ? ctx.profile.breathWeapons : null
  // The catalogues say how a template hits only for a Breath Weapon's (classic/breath-weapon §hits).
  if (template !== null && !breathWeapon)
    throw new RuleError('rules/wrong-weapon', `${where}: ${entry.name} has a template, but is no Breath Weapon`)
  return {
    id: entry.id,
    name: entry.name,
    params,
    range,
    strength,
    template,
    breathWeapon,
    multipleShots: number('multipleShots'),
    // A citation of the catalogue entry the declaration names, made once its clause is known to be there.
    profileRule: Object.hasOwn(entry.clauses, 'profile')
      ? Object.freeze({ ruleset: ctx.game.ruleset, id: entry.id, clause: 'profile' })
      : null,
  }
}

/** The missile weapons (and breath weapons) `unit` carries: its gear and rules whose entry shoots. */
export function missileWeaponsOf(ctx: BattleContext, unit: UnitState): string[] {
  return [...unit.gear.map((gear) => gear.id), ...unit.rules.map((rule) => rule.id)].filter((id) => {
    const params = ctx.profile.entry(id)?.params ?? {}
    return (
      typeof params.strength === 'number' && (typeof params.range === 'number' || typeof params.template === 'string')
    )
  })
}

/** The weapon's Strength, from its catalogue entry: a missile weapon hits with its own. */
export function weaponStrength(ctx: BattleContext, weapon: Weapon): Resolved & { readonly value: number } {
  return resolveModifiers(
    {
      value: weapon.strength,
      text: `${weapon.name}: S${weapon.strength}`,
      // The weapon's own profile clause (Handbows: "Range 8\", S3"), else the core rule.
      rule: weapon.profileRule ?? ctx.rule('shooting', 'strength'),
    },
    [],
    { mode: 'value', title: `${weapon.name} Strength {}`, rule: ctx.rule('shooting', 'strength') },
  ) as Resolved & { readonly value: number }
}
