// Written by scripts/rules-digest.mjs (npm run build runs it): do not edit by hand.

/**
 * The sha256 of the code of the engine, the rulesets and the explanations (271 files of
 * core/engine, core/rules, core/explain), built without comments: part of every game's rules identity.
 */
export const RULES_CODE_DIGEST = 'd8c1a691c7c82457c4c4be90335aab7ed6909a78ac5175876414c692b8e8ba0a'
