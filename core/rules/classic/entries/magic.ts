import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/** The magic phase as the classic ruleset runs it; which dice rules apply is the variant's `magic-dice` decision. */
export const magic = defineEntry({
  id: 'magic',
  name: 'Magic phase',
  kind: 'core',
  source: `${CORE} A.3, A.10`,
  anchor: '7e:magic/power-dice',
  text:
    'At the start of the magic phase the sides gather power and dispel dice; Wizards cast spells with power dice against ' +
    "the spell's casting value; the opponent may dispel with dispel dice; a spell that is not dispelled takes effect.",
  clauses: {
    'power-dice': '7th: the casting side has 2 power dice + 1 per Wizard level',
    'dispel-dice': '7th: the other side has 2 dispel dice + 1 per level 1-2 Wizard + 2 per level 3-4 Wizard',
    winds: '8th: the casting player rolls 2D6: power dice = the total, dispel dice = the higher die',
    channel: "8th: each Wizard rolls a D6; each 6 adds one die to its side's pool; a pool holds at most 12 dice",
    'max-dice': '7th: a Wizard casts with at most its level + 1 dice; 8th: at most 6 dice',
    cast: "the casting total (7th: the dice; 8th: the dice + the Wizard's level) must reach the casting value",
    'natural-2': "8th: a natural total of 1 or 2 always fails; a failed cast ends that Wizard's casting this phase",
    'once-per-spell': 'a Wizard attempts each spell at most once per magic phase',
    irresistible: 'two or more 6s among the casting dice: cast with Irresistible Force, and it cannot be dispelled',
    miscast: '7th: two or more 1s among the casting dice are a miscast; 8th: Irresistible Force brings a miscast',
    dispel: 'the dispel total (8th: + the best Wizard level) must reach the casting total; 8th: a natural 1-2 fails',
    targeting:
      'the target must be in range and in the front arc; magic missiles and direct damage target enemies not in combat, ' +
      'hexes enemies, augments friends',
    'magic-missile':
      'a magic missile needs line of sight, cannot be cast by a Wizard in combat, and hits automatically',
  },
  enforcement: 'enforced',
})
