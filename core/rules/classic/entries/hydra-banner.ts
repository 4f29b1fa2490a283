import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

/** The race slug a list gives Dark Elf units (ArmyMustered `race`). */
const DARK_ELVES = 'dark-elves'

export const hydraBanner = defineEntry({
  id: 'hydra-banner',
  name: 'Hydra Banner',
  kind: 'banner',
  source: SEED,
  text: 'In each first combat round all Dark Elves gain +1A.',
  clauses: {
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
        return true
      },
      value: 1,
    },
  ],
})
