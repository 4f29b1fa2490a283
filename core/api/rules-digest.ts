// Written by scripts/rules-digest.mjs (npm run build runs it): do not edit by hand.

/**
 * The sha256 of the code of the engine, the rulesets and the explanations (293 files of
 * core/engine, core/rules, core/explain), built without comments: part of every game's rules identity.
 */
export const RULES_CODE_DIGEST = '06912ce45bfb56ce18912137a0f0c084ac97e31c5b182726634dbdc68081d0ac'
