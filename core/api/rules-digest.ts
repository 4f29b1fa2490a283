// Written by scripts/rules-digest.mjs (npm run build runs it): do not edit by hand.

/**
 * The sha256 of the code of the engine, the rulesets and the explanations (265 files of
 * core/engine, core/rules, core/explain), built without comments: part of every game's rules identity.
 */
export const RULES_CODE_DIGEST = '9f8b4693987eaf2fa9554b44e6b3e18e43e0ffcb2f4e4b0c4bb90a63c2a26426'
