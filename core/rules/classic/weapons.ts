import { classicEntries } from './entries/index.js'
import { classicWeapons } from './weapon-choice.js'

// Classic's close-combat weapons are the catalogue's weapon entries, found by their kind
// (classic/variants §close-combat-weapon says which one a unit fights with).
classicWeapons.findAmong(() => classicEntries)

export { classicWeapons }
