export * from './event-store.js'
export * from './jsonl.js'
export * from './migrate.js'
export * from './sha256.js'
