import { defineEntry } from '../../../engine/catalogue.js'
import type { Held, QueryOf } from '../../../engine/effects.js'
import { aimed } from '../../battle/common-effects.js'
import { CORE } from './sources.js'

/**
 * Whether the target takes the benefit of its cover: the `permission` point says (Large Target gives none).
 * Returns true, or the reason the cover modifier is ignored.
 */
function coverCounts(query: QueryOf<'to-hit'>, held: Held): true | string {
  const barred = held
    .modifiers('permission', { subject: query.opponent, opponent: query.subject, action: 'benefit-from-cover' })
    .find((r) => r.status === 'applied' && r.kind === 'set' && r.value === 'forbidden')
  return barred ? `${barred.label} (${barred.source.ruleset}/${barred.source.id} §${barred.source.clause})` : true
}

export const toHitShooting = defineEntry({
  id: 'to-hit-shooting',
  name: 'To hit with shooting',
  kind: 'core',
  source: `${CORE} B.4`,
  anchor: 'tow:the-shooting-phase/roll-to-hit-shooting',
  text:
    'BS 1 hits on 6+, BS 2 on 5+, BS 3 on 4+, BS 4 on 3+, BS 5 on 2+; a natural 1 always misses. Modifiers: moved -1, ' +
    'long range -1, Stand and Shoot -1 (and then no long-range penalty), partial cover -1, full cover -2, Multiple ' +
    'Shots -1. 7+ needs a 6 and then 4+ (7+), 5+ (8+) or 6 (9+); 10+ cannot hit.',
  clauses: {
    chart: 'the score to hit is 7 - BS',
    'natural-1': 'a natural 1 always misses',
    'seven-plus': 'a score of 7+ needs a 6 and then 4+; 8+ a 6 then 5+; 9+ a 6 then a 6; 10+ cannot hit',
    moved: '-1 to hit when the shooter moved this turn (a rally or reform counts)',
    'long-range': "-1 to hit when the target is beyond half the weapon's range",
    'stand-and-shoot': '-1 to hit for a Stand and Shoot charge reaction, which then takes no long-range penalty',
    'partial-cover': '-1 to hit a target behind partial cover (half of it or less hidden)',
    'full-cover': '-2 to hit a target behind full cover (more than half of it hidden)',
  },
  enforcement: 'enforced',
  // At a need point +1 makes the roll harder: each -1 to hit is a +1 to the score needed.
  effects: [
    {
      at: 'to-hit',
      clause: 'moved',
      label: 'moved and shot',
      kind: 'add',
      when: (q) => (aimed(q)?.moved ? true : null),
      value: 1,
    },
    {
      at: 'to-hit',
      clause: 'long-range',
      label: 'long range',
      kind: 'add',
      when: (q) => {
        const shot = aimed(q)
        if (shot?.range !== 'long') return null
        return shot.standAndShoot ? 'a Stand and Shoot reaction takes no long-range penalty' : true
      },
      value: 1,
    },
    {
      at: 'to-hit',
      clause: 'stand-and-shoot',
      label: 'stand and shoot',
      kind: 'add',
      when: (q) => (aimed(q)?.standAndShoot ? true : null),
      value: 1,
    },
    {
      at: 'to-hit',
      clause: 'partial-cover',
      label: 'partial cover',
      kind: 'add',
      when: (q, held) => (aimed(q)?.cover === 'partial' ? coverCounts(q, held) : null),
      value: 1,
    },
    {
      at: 'to-hit',
      clause: 'full-cover',
      label: 'full cover',
      kind: 'add',
      when: (q, held) => (aimed(q)?.cover === 'full' ? coverCounts(q, held) : null),
      value: 2,
    },
  ],
})
