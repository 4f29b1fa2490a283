// Written by scripts/rules-digest.mjs (npm run build runs it): do not edit by hand.

/**
 * The sha256 of the code of the engine, the rulesets and the explanations (271 files of
 * core/engine, core/rules, core/explain), built without comments: part of every game's rules identity.
 */
export const RULES_CODE_DIGEST = 'f98d3bf376bc8062e1dba314c0da7a7bd4ed5bf86e2cfdcd0a30123bfa1bafba'
