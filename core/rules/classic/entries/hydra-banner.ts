import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

/**
 * Whether a unit's magic banner still acts: true, or why not. A banner is borne by the standard bearer, so the
 * standard lost by breaking from combat takes it away (§lost-with-standard; seed Standard: "Standards are lost if the
 * unit with the standard bearer breaks form combat").
 */
export function bannerStands(unit: { readonly standardLostAt?: number }): true | string {
  return unit.standardLostAt === undefined
    ? true
    : `the unit lost its standard, which bore the banner, when it broke (seq ${unit.standardLostAt})`
}

/** The race slug a list gives Dark Elf units (ArmyMustered `race`). */
const DARK_ELVES = 'dark-elves'

export const hydraBanner = defineEntry({
  id: 'hydra-banner',
  name: 'Hydra Banner',
  kind: 'banner',
  source: SEED,
  text: 'In each first combat round all Dark Elves gain +1A.',
  clauses: {
    'lost-with-standard':
      'the banner is borne by the standard bearer: a unit that breaks from combat and loses its standard loses the ' +
      'banner with it (classic/variants §magic-banner-lost)',
    'first-round': "+1 Attack to the Dark Elves of the banner's unit in the first round of each combat",
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'first-round',
      label: 'Hydra Banner: first round',
      kind: 'add',
      // "All Dark Elves": the characters who joined the unit too (classic/variants §unit-rules-joined-characters).
      unitWide: true,
      when: (q) => {
        if (q.characteristic !== 'A' || q.combat === null) return null
        if (q.subject.race !== DARK_ELVES) return `${q.subject.name} are not Dark Elves`
        if (q.combat.round !== 1) return `only in the first round of a combat: this is round ${q.combat.round}`
        return bannerStands(q.subject)
      },
      value: 1,
    },
  ],
})
