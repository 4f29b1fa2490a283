import type { CombatMoment } from '../../engine/effects.js'
import { type Resolved, resolveModifiers } from '../../engine/modifiers.js'
import { rollAgainst } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { s } from './counting.js'

export interface RegenerationInput {
  /** The unit that suffered the wounds. */
  readonly unit: UnitState
  /** The unit that caused them, when one did. */
  readonly opponent: UnitState | null
  /** The combat round they were suffered in; null outside close combat (shooting, spells). */
  readonly combat: CombatMoment | null
  /** Unsaved wounds the unit suffered (after armour and ward saves and any multiplier). */
  readonly wounds: number
  /** The unit as it stood before those wounds: nothing is restored beyond it. */
  readonly before: { readonly models: number; readonly woundsOnNextModel: number }
  /** The events the wounds came from. */
  readonly from: readonly number[]
}

/**
 * Regeneration (classic/regeneration): a D6 for each unsaved wound the unit suffered, each X+
 * ignoring one. In close combat it is called at the end of the round, before the combat result;
 * the shooting and magic procedures call it right after the saves. The ignored wounds are undone
 * (classic/variants §regeneration-restores): the unit's Wounds are as if they had not been
 * suffered, so a model those wounds slew stands again. Returns the wounds ignored, which the
 * caller takes off the combat result. Nothing is asked when the unit cannot regenerate.
 */
export function* regenerate(ctx: BattleContext, input: RegenerationInput): Generator<RequestSpec, number, Answer> {
  const { unit, opponent, combat, wounds, before } = input
  if (wounds <= 0) return 0
  const records = ctx.modifiers('regeneration', { subject: unit, opponent, combat })
  if (records.length === 0) return 0
  const need = resolveModifiers(
    { value: null, text: 'without Regeneration', rule: ctx.rule('regeneration', 'roll') },
    records,
    {
      mode: 'need',
      setPick: 'lowest',
      title: 'regenerates on {}+',
      none: 'no Regeneration',
      rule: ctx.rule('regeneration', 'roll'),
    },
  )
  if (need.value === null || need.value > 6) {
    saveTakenAway(ctx, input, need)
    return 0
  }
  const score = Math.max(2, need.value)
  const when =
    combat === null || ctx.profile.regeneration.value === 'on-wound-counted'
      ? explain('rolled right after the saves', { rule: ctx.rule('regeneration', 'outside-combat') })
      : explain(`rolled at the end of round ${combat.round}, before the combat result`, {
          rule: ctx.rule('regeneration', 'close-combat'),
        })
  const roll = yield* rollAgainst(
    ctx,
    {
      purpose: 'regeneration',
      count: wounds,
      sides: 6,
      need: score,
      roller: unit.player,
      text: `${unit.name}: roll ${wounds} D6 to regenerate, ${score}+`,
      explanation: explain(
        `${unit.name} rolls ${wounds} regeneration dice, one per unsaved wound`,
        { rule: ctx.rule('regeneration', 'roll'), from: input.from },
        [need.explanation, when],
      ),
    },
    { one: null, six: null },
    { success: ['ignored', 'ignored'], failure: ['stands', 'stand'] },
    [],
    ctx.rule('dice', 're-roll-once'),
  )

  // Undo the ignored wounds: the Wounds left, then the models they fill (classic/casualties §fill-up).
  const perModel = Math.max(1, unit.profile.W)
  const woundsBefore = before.models * perModel - before.woundsOnNextModel
  const woundsNow = unit.models * perModel - unit.woundsOnNextModel
  const woundsAfter = Math.min(woundsBefore, woundsNow + roll.successes)
  const ignored = woundsAfter - woundsNow
  const modelsLeft = Math.ceil(woundsAfter / perModel)
  const woundsOnNextModel = modelsLeft * perModel - woundsAfter
  const returned = modelsLeft - unit.models
  const children = [
    need.explanation,
    when,
    roll.explanation,
    explain(
      `${ignored} wound${s(ignored)} undone: ${unit.name} ${unit.models} -> ${modelsLeft} model${s(modelsLeft)}` +
        (returned > 0 ? ` (${returned} slain model${s(returned)} stand${returned === 1 ? 's' : ''} again)` : ''),
      { value: modelsLeft, rule: ctx.rule('regeneration', 'restored') },
    ),
  ]
  children.push(...combatResultNotes(ctx, combat, ignored, returned))
  ctx.emit({
    kind: 'regenerated',
    text: `${unit.name} regenerates ${ignored} of ${wounds} wound${s(wounds)} (${unit.models} -> ${modelsLeft} models)`,
    values: { unit: unit.id, rolled: wounds, regenerated: ignored, modelsLeft, woundsOnNextModel },
    explanation: explain(
      `${unit.name} regenerates ${ignored} wound${s(ignored)}`,
      {
        value: ignored,
        rule: ctx.rule('regeneration', 'roll'),
        from: [...input.from, ...(roll.explanation.from ?? [])],
      },
      children,
    ),
  })
  return ignored
}

/** A rule took the save away (old-world/flammable against a Flaming attack): said, with the rule, not silent. */
function saveTakenAway(ctx: BattleContext, input: RegenerationInput, need: Resolved): void {
  const { unit, opponent, combat, wounds } = input
  if (need.records.some((r) => r.status === 'applied' && r.kind === 'cap')) {
    // What the attacks were (Flaming), as the rule that took the save away read them.
    const traits = opponent ? ctx.modifiers('attack-traits', { subject: opponent, opponent: unit, combat }) : []
    const what = traits
      .filter((r) => r.status === 'applied')
      .map((r) => explain(`the attacks of ${opponent?.name}: ${r.label}`, { value: r.value, rule: r.source }))
    ctx.emit({
      kind: 'regenerated',
      text: `${unit.name} may not regenerate its ${wounds} wound${s(wounds)}`,
      values: {
        unit: unit.id,
        rolled: 0,
        regenerated: 0,
        modelsLeft: unit.models,
        woundsOnNextModel: unit.woundsOnNextModel,
      },
      explanation: explain(
        `${unit.name} loses its Regeneration save against ${wounds} wound${s(wounds)}`,
        { value: 0, rule: ctx.rule('regeneration', 'roll'), from: input.from },
        [need.explanation, ...what],
      ),
    })
  }
}

/** How regenerated wounds stand in a combat result: counted (old-world/regeneration) or not (classic/regeneration). */
function combatResultNotes(ctx: BattleContext, combat: RegenerationInput['combat'], ignored: number, returned: number) {
  const notes: Explanation[] = []
  if (combat !== null && ctx.profile.regeneration.value === 'on-wound-counted') {
    notes.push(
      explain(`${ignored} regenerated wound${s(ignored)}: still counted towards the combat result`, {
        rule: ctx.rule('regeneration', 'combat-result'),
      }),
    )
  } else if (combat !== null) {
    notes.push(
      explain(`${ignored} regenerated wound${s(ignored)}: not counted towards the combat result`, {
        rule: ctx.rule('regeneration', 'combat-result'),
      }),
    )
    if (returned > 0)
      notes.push(
        explain('models slain before they struck did not strike, though they stand again', {
          rule: ctx.rule('regeneration', 'no-strike'),
        }),
      )
  }
  return notes
}
