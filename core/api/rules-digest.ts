// Written by scripts/rules-digest.mjs (npm run build runs it): do not edit by hand.

/**
 * The sha256 of the code of the engine, the rulesets and the explanations (268 files of
 * core/engine, core/rules, core/explain), built without comments: part of every game's rules identity.
 */
export const RULES_CODE_DIGEST = '6195b7ea7564e45962910e3c46aa0f212207c2d68efa41a05e58b84915c4ef89'
