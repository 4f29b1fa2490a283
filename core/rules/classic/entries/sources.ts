/** Where entries come from, as catalogue `source` strings. */
export const SEED = 'seed 000_47f9f7e6ea2b5b50'
export const CORE = 'rules/core-mechanics.md'
