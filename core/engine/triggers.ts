import type { RuleRef } from '../explain/explanation.js'
import type { EntryDefinition } from './catalogue.js'
import type { Held, TriggeredStep, TriggerHead, TriggerPoint, TriggerQueryOf, TriggerSpec } from './effects.js'
import type { ProcedureContext, UnitState } from './types.js'

/** A trigger with the entry it belongs to. */
interface IndexedTrigger {
  readonly entry: EntryDefinition
  readonly trigger: TriggerHead
}

/** A ruleset's triggers by point, in catalogue order. */
export type TriggerIndex = ReadonlyMap<string, readonly IndexedTrigger[]>

export function triggerIndex(definitions: readonly EntryDefinition[]): TriggerIndex {
  const index = new Map<string, IndexedTrigger[]>()
  for (const entry of definitions)
    for (const trigger of (entry.triggers ?? []) as readonly TriggerHead[])
      index.set(trigger.on, [...(index.get(trigger.on) ?? []), { entry, trigger }])
  return index
}

/**
 * The steps the entries contribute at `on` for `query`: each trigger whose entry the query's subject holds (`held`
 * says how, or null when it does not; a trigger marked `always` acts for every unit), bound to the context its
 * step runs in.
 */
export function triggeredSteps<T extends TriggerPoint>(
  index: TriggerIndex,
  on: T,
  query: TriggerQueryOf<T>,
  ctx: ProcedureContext,
  held: (unit: UnitState, entry: EntryDefinition, always: boolean) => Held | null,
  rule: (id: string, clause: string) => RuleRef,
): TriggeredStep<T>[] {
  const steps: TriggeredStep<T>[] = []
  const subject = (query as { readonly subject: UnitState }).subject
  for (const { entry, trigger } of index.get(on) ?? []) {
    const holding = held(subject, entry, trigger.always === true)
    if (!holding) continue
    const spec = trigger as unknown as TriggerSpec<T>
    if (spec.when && !spec.when(query, holding)) continue
    const source = rule(entry.id, trigger.clause)
    steps.push({ source, label: trigger.label, run: () => spec.step(ctx, query, holding, source) })
  }
  return steps
}

/** Whether any trigger at `on` may act in a game: one marked `always`, or one whose entry a unit of it holds. */
export function mayTrigger(index: TriggerIndex, on: string, holdsAnywhere: (id: string) => boolean): boolean {
  for (const { entry, trigger } of index.get(on) ?? [])
    if (trigger.always === true || holdsAnywhere(entry.id)) return true
  return false
}
