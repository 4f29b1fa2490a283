// Written by scripts/rules-digest.mjs (npm run build runs it): do not edit by hand.

/**
 * The sha256 of the code of the engine, the rulesets and the explanations (266 files of
 * core/engine, core/rules, core/explain), built without comments: part of every game's rules identity.
 */
export const RULES_CODE_DIGEST = '31444b83befda879760bb82173482ecd2561d1651e002648f6e2e79e4bfb693e'
