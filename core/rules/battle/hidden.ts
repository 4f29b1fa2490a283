/**
 * A character still hidden in its unit: no attack, shot or spell can harm it (classic Concealed §unharmed). The
 * state's `concealed` mark is the engine's; only a ruleset with a Concealed entry ever sets it.
 */
export function isHidden(character: { readonly concealed?: boolean; readonly slain: boolean }): boolean {
  return character.concealed === true && !character.slain
}
