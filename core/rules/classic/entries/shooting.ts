import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/** The ranks that fire before any rule adds one (classic/variants §firing-ranks). */
const RANKS = { 'front-rank': 1, 'two-ranks': 2 } as const

export const shooting = defineEntry({
  id: 'shooting',
  name: 'Shooting',
  kind: 'core',
  source: `${CORE} A.2, A.4`,
  anchor: '8e:shooting/roll-to-wound-shooting',
  text:
    'In its shooting phase a unit that is not engaged, not fleeing and did not march may shoot at an enemy unit in ' +
    'range that is not in close combat: the models of its front rank (one more rank on a hill; two ranks in ' +
    'classic-8th) in range and line of sight shoot their weapons; hits wound on the ' +
    "weapon's Strength against the target's Toughness, then armour and ward saves, then casualties.",
  clauses: {
    'who-shoots': 'a unit engaged in close combat or fleeing cannot shoot',
    marched: 'a unit that marched this turn cannot shoot',
    once: 'a unit shoots once a turn: its shot marks it until the turn ends',
    target: 'the target is an enemy unit that is not engaged in close combat',
    range: "the target must be within the weapon's range as measured; beyond half the range is long range",
    models: 'the models of the ranks that fire, in range and line of sight, shoot, as the players say',
    'firing-ranks':
      'only the front rank fires (classic); the first two ranks fire in classic-8th (classic/variants §firing-ranks)',
    hill: 'a unit standing on a hill fires with one more rank (classic; classic/variants §firing-ranks)',
    shots: 'each model shooting makes one shot with its weapon unless the weapon says otherwise',
    strength: "a missile weapon hits with its own Strength, not the shooter's",
    wounds: 'hits wound, and are saved, as in close combat: S against T, armour (Strength modifier), then ward',
    'hits-on-rank-and-file':
      'hits on a unit with characters or a champion fall on the rank and file while it has five or more of them',
    'stand-and-shoot':
      'a charged unit may stand and shoot at its charger in the movement phase, before the charger moves',
    templates: 'a template hits the models under it, as the players count them (only models in line of sight)',
    'template-partial': 'a model only partly under a template is hit on 4+ (classic/variants §template-partial)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'firing-ranks',
      clause: 'firing-ranks',
      label: 'the ranks that fire',
      kind: 'add',
      value: (_q, held) => RANKS[held.decision('firing-ranks') as keyof typeof RANKS],
      describe: (_q, held) =>
        held.decision('firing-ranks') === 'two-ranks' ? 'the first two ranks fire' : 'the front rank fires',
    },
    {
      at: 'firing-ranks',
      clause: 'hill',
      label: 'on a hill: one more rank fires',
      kind: 'add',
      when: (q, held) => {
        if (!q.shot.hill) return null
        return held.decision('firing-ranks') === 'front-rank'
          ? true
          : 'classic-8th fires in two ranks, a hill adds none (classic/variants §firing-ranks)'
      },
      value: 1,
    },
  ],
})
