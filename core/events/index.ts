import { createEventCatalog } from './event-catalog.js'
import { eventSchemas } from './event-types.js'

export * from './canonical-json.js'
export * from './envelope.js'
export * from './errors.js'
export * from './event-catalog.js'
export * from './event-types.js'

/** The events Arbiter reads and writes. */
export const gameEvents = createEventCatalog(eventSchemas)
