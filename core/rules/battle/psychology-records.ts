import type { ModifierRecord, PsychologyTest, QueryOf, TimingPoint } from '../../engine/effects.js'
import type { UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import { characterView } from './models.js'

/** Asks a timing point: a procedure's `ctx.modifiers`, or an effect's `held.modifiers`. */
export type Ask = <P extends TimingPoint>(at: P, query: QueryOf<P>) => ModifierRecord[]

/**
 * The words the `psychology` point answers with (`set` records):
 * - `causes-fear` / `causes-terror`: held by the opponent, it causes Fear / Terror (Fear §close-combat, Terror §3);
 * - `immune`: the subject is not affected (Stupidity's Immune to Psychology, Terror §4);
 * - `immune-unless-terror`: not affected unless an opponent causes Terror (Fear §immunities);
 * - `fear-instead`: takes a Fear test where others take a Terror test (Fear §immunities);
 * - `must-test`: the subject has to take this test (Stupidity §test);
 * - `auto-pass`: passes the test without a roll.
 */
export type PsychologyWord =
  | 'causes-fear'
  | 'causes-terror'
  | 'immune'
  | 'immune-unless-terror'
  | 'fear-instead'
  | 'must-test'
  | 'auto-pass'

export function applied(records: readonly ModifierRecord[], word: PsychologyWord): ModifierRecord | undefined {
  return records.find((record) => record.status === 'applied' && record.value === word)
}

/** Whether the records make the subject immune: the record that does it, or null. */
export function immunity(records: readonly ModifierRecord[]): ModifierRecord | null {
  const immune = applied(records, 'immune')
  if (immune) return immune
  const unlessTerror = applied(records, 'immune-unless-terror')
  return unlessTerror && !applied(records, 'causes-terror') ? unlessTerror : null
}

/** A forbidding `permission` record for `subject` doing `action` (to `opponent`, when it matters), or null. */
export function forbidding(
  ask: Ask,
  subject: UnitState,
  action: QueryOf<'permission'>['action'],
  opponent: UnitState | null = null,
): ModifierRecord | null {
  const records = ask('permission', { subject, opponent, action })
  return records.find((record) => record.status === 'applied' && record.value === 'forbidden') ?? null
}

/** Why a bar applies: its rule, and the variant decisions its effect read (each cited with its value). */
export function barExplanation(bar: ModifierRecord, text: string): Explanation {
  const decisions = (bar.decisions ?? []).map(({ rule, value }) =>
    explain(`variant decision ${rule.clause}: ${value}`, { rule }),
  )
  return explain(text, { rule: bar.source }, decisions)
}

/**
 * Which of `enemies` cause Fear in `subject`, and whether `subject` is immune to it: the psychology point
 * asked once per enemy (who causes it), then once for all the causers (immunities, Terror lifting them).
 */
export function fearFrom(
  ask: Ask,
  subject: UnitState,
  enemies: readonly UnitState[],
  test: PsychologyTest = 'fear',
): { causers: UnitState[]; records: ModifierRecord[]; immune: ModifierRecord | null } {
  const causers = enemies.filter((enemy) =>
    applied(ask('psychology', { subject, opponent: [enemy], test }), 'causes-fear'),
  )
  if (causers.length === 0) return { causers, records: [], immune: null }
  const records = ask('psychology', { subject, opponent: causers, test })
  return { causers, records, immune: immunity(records) }
}

/**
 * The models a fleeing unit counts when its rally test asks how few are left: its rank and file and the joined
 * characters not barred from counting (No Leader). `notes`: why a character was left out.
 */
export function modelsCountedForRally(
  ask: Ask,
  unit: UnitState,
): { left: number; characters: number; notes: Explanation[] } {
  const notes: Explanation[] = []
  let characters = 0
  for (const character of unit.characters) {
    if (character.slain) continue
    const bar = forbidding(ask, characterView(unit, character), 'count-for-rally')
    if (bar) notes.push(barExplanation(bar, `${character.name} is not counted: ${bar.label}`))
    else characters += 1
  }
  return { left: unit.models + characters, characters, notes }
}
