export * from './sha256.js'
export * from './migrate.js'
export * from './event-store.js'
export * from './jsonl.js'
