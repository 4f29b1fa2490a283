import { oldWorldEntries } from './entries/index.js'
import { oldWorldWeapons } from './weapon-choice.js'

// The Old World's close-combat weapons are the catalogue's weapon entries, found by their kind.
oldWorldWeapons.findAmong(() => oldWorldEntries)

export { oldWorldWeapons }
