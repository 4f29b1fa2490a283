import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

/**
 * Prompted: where the template lies and which models it covers in line of sight is the table's;
 * the players enter the models wholly and partly under it, and the engine does the rest.
 */
export const breathWeapon = defineEntry({
  id: 'breath-weapon',
  name: 'Breath Weapon',
  kind: 'special-rule',
  source: SEED,
  text:
    'Counts as a ranged attack that can be used in the shooting phase, even when the model marched but not in close ' +
    'combat. Place the flamer template completely within the front arc of the model with the narrow end touching ' +
    'its base. Use the template rules (see chapter Templates) to determine hits. Only models within LOS can be hit.',
  params: { template: 'flame', breathWeapon: true },
  clauses: {
    'ranged-attack': 'a ranged attack in the shooting phase, even after marching, but never in close combat',
    template: 'the flame template lies wholly in the front arc, its narrow end touching the base (the table places it)',
    hits: 'the template rules give the hits: the models under it, as the players count them',
    'line-of-sight': 'only models in line of sight can be hit: the players count only those',
  },
  enforcement: 'prompted',
  optionalParams: { strength: 'number' },
})
