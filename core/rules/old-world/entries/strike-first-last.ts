import { defineEntry } from '../../../engine/catalogue.js'
import type { CombatMoment } from '../../../engine/effects.js'
import type { UnitState } from '../../../engine/types.js'
import { weaponStrikesLast } from '../weapon-choice.js'
import { CORE } from './sources.js'

const hasRule = (unit: UnitState, id: string) => unit.rules.some((r) => r.id === id)

/** Strike Last from the model's rules or from the weapon it fights with (a great weapon). */
function strikesLast(unit: UnitState, combat: CombatMoment): string | null {
  if (hasRule(unit, 'strike-last')) return 'Strike Last'
  const weapon = weaponStrikesLast(unit, combat)
  return weapon === null ? null : `Strike Last (its ${weapon})`
}

export const strikeFirst = defineEntry({
  id: 'strike-first',
  name: 'Strike First',
  kind: 'special-rule',
  source: `${CORE} B.5`,
  anchor: 'tow:special-rules/strike-first',
  text:
    'During the Combat phase, a model with this rule that is engaged in combat improves its Initiative to 10 (before ' +
    'any other modifiers). With Strike Last as well, the two cancel out.',
  clauses: {
    initiative: 'engaged in combat: Initiative 10, before any other modifier',
    cancel: 'a model with Strike First and Strike Last has neither',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'initiative',
      label: 'Strike First: Initiative 10',
      kind: 'set',
      when: (q) => {
        if (q.characteristic !== 'I' || q.combat === null) return null
        const last = strikesLast(q.subject, q.combat)
        return last === null ? true : `${last} as well: the two cancel out (§cancel)`
      },
      value: 10,
    },
  ],
})

export const strikeLast = defineEntry({
  id: 'strike-last',
  name: 'Strike Last',
  kind: 'special-rule',
  source: `${CORE} B.5`,
  anchor: 'tow:special-rules/strike-last',
  text:
    'During the Combat phase, a model with this rule that is engaged in combat reduces its Initiative to 1 (before ' +
    'any other modifiers). With Strike First as well, the two cancel out.',
  clauses: {
    initiative: 'engaged in combat: Initiative 1, before any other modifier (a great weapon gives it)',
    cancel: 'a model with Strike First and Strike Last has neither',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'initiative',
      label: 'Strike Last: Initiative 1',
      kind: 'set',
      // Held as the model's own rule or through its weapon: every model is asked.
      always: true,
      when: (q) => {
        if (q.characteristic !== 'I' || q.combat === null) return null
        const last = strikesLast(q.subject, q.combat)
        if (last === null) return null
        return hasRule(q.subject, 'strike-first') ? 'Strike First as well: the two cancel out (§cancel)' : true
      },
      value: 1,
      describe: (q) => `${(q.combat && strikesLast(q.subject, q.combat)) ?? 'Strike Last'}: Initiative 1`,
    },
  ],
})
