import { defineEntry } from '../../../engine/catalogue.js'
import type { Held, QueryOf } from '../../../engine/effects.js'
import { SEED } from './sources.js'

/** The armour-save modifier an X+ save corresponds to: 6+ is +1, 5+ is +2, ... (from the 7+ of no armour). */
const modifierOf = (save: number) => 7 - save
/** The seed's armour that sets a save of its own. */
const ARMOUR = new Set(['light-armour', 'heavy-armour'])
const wearsArmour = (q: QueryOf<'armour-save'>) => q.subject.gear.some((g) => ARMOUR.has(g.id))
const saveOf = (held: Held) => Number(held.params.save)
const noSave = (held: Held) =>
  Number.isInteger(saveOf(held)) ? null : 'the list gives Scaly Skin no X+ (e.g. { "save": 5 })'

export const scalySkin = defineEntry({
  id: 'scaly-skin',
  name: 'Scaly Skin',
  kind: 'special-rule',
  source: SEED,
  text:
    'The model has an armour save of X+. Can be combined with armour which then turns it into a corresponding AS ' +
    'modifier.',
  clauses: {
    save: 'the model has an armour save of X+ (the list gives X)',
    combined:
      'with armour, X+ becomes the modifier it is worth from no armour (6+: +1, 5+: +2, 4+: +3), added to the ' +
      "armour's save (classic/variants §scaly-skin-combined)",
  },
  enforcement: 'enforced',
  optionalParams: { save: 'save' },
  effects: [
    {
      at: 'armour-save',
      clause: 'save',
      label: 'Scaly Skin',
      kind: 'set',
      when: (q, held) => (wearsArmour(q) ? null : (noSave(held) ?? true)),
      value: (_q, held) => saveOf(held),
      describe: (_q, held) => `Scaly Skin ${held.params.save}+`,
    },
    {
      at: 'armour-save',
      clause: 'combined',
      label: 'Scaly Skin with armour',
      kind: 'add',
      when: (q, held) => (wearsArmour(q) ? (noSave(held) ?? true) : null),
      value: (_q, held) => -modifierOf(saveOf(held)),
      describe: (_q, held) => `Scaly Skin ${held.params.save}+ with armour, worth +${modifierOf(saveOf(held))}`,
    },
  ],
})
