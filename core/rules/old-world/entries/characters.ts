import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const characters = defineEntry({
  id: 'characters',
  name: 'Characters',
  kind: 'core',
  source: `${CORE} B.5`,
  anchor: 'tow:characters/characters-in-combat',
  text:
    'A character who joined a unit fights with its own profile, gear and special rules, saves with its own armour and ' +
    'ward, and takes only the attacks directed at it.',
  clauses: {
    'own-profile': 'a character fights with its own profile, gear and special rules',
    'in-contact': 'the players say which characters are in base contact; only those fight and can be attacked',
    'directed-attacks': 'enemies in base contact say how many of their attacks go at the character',
    'own-save': 'it saves with its own armour and ward',
    'slain-alone': 'its wounds are recorded on their own; at 0 Wounds it is slain',
    'no-spill': 'wounds beyond what the character has left are wasted, and wounds on its unit never reach it',
    'slain-do-not-strike': 'a character slain before its Initiative step does not strike',
    'last-standing':
      'when its unit has no rank and file left, the one character or champion still standing takes the attacks at it',
  },
  enforcement: 'enforced',
})
