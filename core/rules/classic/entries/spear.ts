import { defineEntry } from '../../../engine/catalogue.js'
import { fightsWith } from '../weapon-choice.js'
import { MOUNTED } from './armour-save.js'
import { SEED } from './sources.js'

export const spear = defineEntry({
  id: 'spear',
  name: 'Spear',
  kind: 'weapon',
  source: SEED,
  text: '-Inf: S like wielder, Fight in two ranks -Mounted: +1S in first round of combat and charging',
  clauses: {
    'infantry-strength': "on foot, strikes with the wielder's own Strength",
    'two-ranks':
      'on foot, the unit fights in two ranks: the second-rank models behind models fighting to its front attack ' +
      'too, except in the turn it charged (classic/variants §spear-ranks)',
    'mounted-charge': 'mounted, +1 Strength in the first round of a combat the wielder charged into',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'attacks',
      clause: 'two-ranks',
      label: 'spear: fights in two ranks',
      kind: 'add',
      when: (q, held) => {
        if (q.supporting === 0 || MOUNTED.has(q.subject.troopType)) return null
        const using = fightsWith(q.subject, q.combat, 'spear')
        if (using !== true) return using
        if (q.combat?.charging)
          return 'not in the turn it charged: only its front rank fights (classic/variants §spear-ranks)'
        return held.decision('spear-ranks') === 'second-rank-full-attacks'
          ? true
          : 'the second rank already makes supporting attacks; a further rank is entered by the players ' +
              '(classic/variants §spear-ranks)'
      },
      value: (q) => q.supporting * (q.attacksPerModel ?? q.subject.profile.A),
      describe: (q) =>
        `spear: the second rank fights, ${q.supporting} model${q.supporting === 1 ? '' : 's'} x A ` +
        `${q.attacksPerModel ?? q.subject.profile.A}`,
    },
    {
      at: 'profile',
      clause: 'mounted-charge',
      label: 'mounted spear on the charge',
      kind: 'add',
      when: (q) => {
        if (q.characteristic !== 'S' || !MOUNTED.has(q.subject.troopType)) return null
        const using = fightsWith(q.subject, q.combat, 'spear')
        if (using !== true || q.combat === null) return using
        if (!q.combat.charging) return 'only in the first round of a combat it charged into'
        return true
      },
      value: 1,
    },
  ],
})
