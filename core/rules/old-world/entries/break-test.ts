import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const breakTest = defineEntry({
  id: 'break-test',
  name: 'Break test',
  kind: 'core',
  source: `${CORE} B.6`,
  anchor: 'tow:the-combat-phase/break-test',
  text:
    'Each unit of the losing side rolls 2D6 and adds the combat result difference. A natural roll above its Leadership ' +
    'breaks it; a natural roll at or below but a modified one above falls back in good order, which becomes a break ' +
    "when the winners' Unit Strength is more than twice the losers'; a modified roll at or below its Leadership, or a " +
    'natural double 1, gives ground.',
  clauses: {
    modifier: 'the 2D6 are modified by the difference of the combat result',
    breaks: 'a natural roll above the Leadership: the unit breaks and flees',
    'fall-back':
      'a natural roll at or below the Leadership, but a modified one above it: the unit falls back in good order',
    outnumbered:
      "a unit that would fall back in good order breaks instead when the winners' total Unit Strength is more than " +
      "twice the losers' (old-world/variants §fall-back-unit-strength)",
    'give-ground': 'a modified roll at or below the Leadership: the unit gives ground',
    'insane-courage': 'a natural double 1 gives ground, whatever the difference',
  },
  enforcement: 'enforced',
})
