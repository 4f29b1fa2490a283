import type { UnitState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'

/**
 * Whether a winner must pursue (Hatred: no choice, no restraint test): a `required` permission
 * to pursue one of the broken units. When it must, the reason is recorded as an outcome.
 */
export function mustPursue(ctx: BattleContext, pursuer: UnitState, quarry: readonly UnitState[]): boolean {
  const records = quarry.flatMap((fleeing) =>
    ctx
      .modifiers('permission', { subject: pursuer, opponent: fleeing, action: 'pursue' })
      .filter((record) => record.value === 'required'),
  )
  const applied = records.filter((record) => record.status === 'applied')
  if (applied.length === 0) return false
  const names = quarry.map((q) => q.name).join(' and ')
  ctx.emit({
    kind: 'pursuit-forced',
    text: `${pursuer.name} must pursue ${names}: no restraint test`,
    values: { unit: pursuer.id, quarry: quarry.map((q) => q.id) },
    explanation: explain(
      `${pursuer.name} must pursue ${names} and may not hold; it overruns on the table if it catches them`,
      { rule: applied[0]?.source, from: [pursuer.musteredAt] },
      records.map((record) =>
        explain(`${record.label}${record.status === 'ignored' ? `: ${record.reason}` : ''}`, {
          rule: record.source,
          status: record.status,
        }),
      ),
    ),
  })
  return true
}
