/**
 * What a GameApi client (the renderer) uses beside the contract: pure functions over the data the
 * contract carries, with no store and no Node. A client reaches core only through `core/api`.
 */

export * from '../engine/odds.js'
export { troopTypes } from '../events/event-types.js'
export { citedRules } from '../explain/explanation.js'
export { listImportedPayload } from '../lists/list-event.js'
export { createDemoGame } from './demo-game.js'
export { REPORT_PAGE_PREFIX, reportPagePath } from './report-page.js'
