import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/**
 * Casting and dispelling in The Old World (core-mechanics B.3): no dice pools; each spell is one 2D6 roll against
 * its casting value, and one dispel roll that must beat the casting result.
 */
export const magic = defineEntry({
  id: 'magic',
  name: 'Magic: casting and dispelling',
  kind: 'core',
  source: `${CORE} B.3`,
  anchor: 'tow:magic/casting-roll-casting-result-and-casting-value',
  text:
    'A Wizard casts each of its spells at most once a turn, and at most as many spells a turn as its Level, each in ' +
    "its type's phase. Casting roll: 2D6 + half its Level (rounded up), cast when it equals or beats the casting " +
    'value. A natural double 1 is a Miscast; a natural double 6 a Perfect Invocation (cast, cannot be dispelled). ' +
    'The enemy may dispel with a Wizard in range (2D6 + half its Level) or once a turn with a Fated dispel (2D6): the ' +
    'dispel must beat the casting result; a natural double 6 unbinds the spell; a Wizardly natural double 1 is a ' +
    'Miscast. A Wizard wearing armour or carrying a shield cannot cast or dispel.',
  clauses: {
    cast: 'a Wizard (a character with a Wizard Level) casts the spells it knows, in its own turn',
    'casting-roll': 'the casting roll is 2D6 + half the Wizard Level, rounded up (old-world/variants §casting-bonus)',
    'casting-value': 'the spell is cast when the casting result equals or beats its casting value',
    'spells-per-turn': 'a Wizard attempts at most as many spells a turn as its Level',
    'once-per-spell': 'a Wizard attempts each spell at most once a turn',
    phases:
      'Enchantments and Hexes are cast in the Strategy phase, Conveyances in the Movement phase, Magic Missiles and ' +
      'Vortexes in the Shooting phase, Assailments in the Combat phase',
    engaged: 'a Wizard engaged in combat casts only Assailment spells',
    'magic-missile': 'a Magic Missile targets an enemy unit the Wizard sees and hits automatically',
    assailment: 'an Assailment targets an enemy unit the Wizard is engaged with and hits automatically',
    targeting: 'a spell targets a unit in range and in the vision arc; Hexes enemies, Enchantments friends',
    miscast: 'a natural double 1 on the casting roll is a Miscast: the spell is not cast unless the table says so',
    'miscast-table':
      'Miscast (2D6): 2-4 a 5" blast on the Wizard, S10 AP -4; 5-6 a 3" blast, S6 AP -2; 7 one S4 AP -1 hit on the ' +
      'Wizard; 8-9 the spell is cast at its casting value and the Wizard casts no more this turn; 10-12 the spell is ' +
      'cast as a Perfect Invocation and the Wizard casts no more this turn',
    'perfect-invocation':
      'a natural double 6 on the casting roll is a Perfect Invocation: cast whatever the casting value, it cannot ' +
      'be dispelled, and it never miscasts',
    dispel: 'a spell that is cast may be dispelled once, by a Wizardly or a Fated dispel',
    'wizardly-dispel':
      'a Wizardly dispel: an enemy Wizard within 18" of the caster (Level 1-2) or 24" (Level 3-4), not fleeing, ' +
      'rolls 2D6 + half its Level, rounded up',
    'fated-dispel': 'a Fated dispel: once a turn, a side rolls a plain 2D6',
    'dispel-exceed': 'the dispel result must exceed the casting result; equal does not dispel',
    unbinding: 'a natural double 6 on a dispel roll is an Unbinding: the spell is dispelled',
    'dispel-miscast':
      'a natural double 1 on a Wizardly dispel fails, and the dispelling Wizard rolls on the Miscast table',
    armour: 'a Wizard wearing armour or carrying a shield cannot cast or dispel; barding does not count',
    'magical-attacks': 'every spell is a Magical attack',
  },
  enforcement: 'enforced',
  effects: [
    {
      // Held only by the Miscast's own hit (magic/miscast.ts gives its attacker this entry): not every unit's.
      at: 'armour-piercing',
      clause: 'miscast-table',
      label: 'Miscast 7: AP -1',
      kind: 'add',
      holder: 'opponent',
      always: false,
      value: 1,
    },
  ],
})
