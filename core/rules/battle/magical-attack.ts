import type { AttackKind, CombatMoment } from '../../engine/effects.js'
import type { UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'

/**
 * Whether hits are Magical attacks, as the `magical-attack` point says (The Old World: Magical Attacks, spells,
 * magic items). A ruleset with nothing at that point gives no records and no explanation: nothing is magical.
 */
export function magicalAttack(
  ctx: BattleContext,
  attacker: UnitState,
  target: UnitState,
  combat: CombatMoment | null,
  attack: AttackKind,
  weapon: string | null,
): { readonly magical: boolean; readonly explanation: Explanation | null } {
  const records = ctx.modifiers('magical-attack', { subject: attacker, opponent: target, combat, attack, weapon })
  if (records.length === 0) return { magical: false, explanation: null }
  const magical = records.some((r) => r.status === 'applied' && r.kind === 'set' && r.value === 'magical')
  const explanation = explain(
    magical ? `${attacker.name}'s hits are Magical attacks` : `${attacker.name}'s hits are not Magical attacks`,
    { value: magical },
    records.map((r) =>
      explain(r.status === 'applied' ? r.label : `${r.label}: ${r.reason ?? 'does not apply'}`, {
        rule: r.source,
        status: r.status,
      }),
    ),
  )
  return { magical, explanation }
}
