/**
 * Every error code Arbiter uses, as one closed union: a host can switch on them exhaustively, and
 * a new code is added here first. `engine/` and `rules/` codes are the engine's refusals.
 */
export const errorCodes = [
  'api/bad-arguments',
  'api/bad-key',
  'api/bad-edit',
  'api/bad-seq',
  'api/bad-signature',
  'api/catalogue-mismatch',
  'api/correction-refused',
  'api/game-exists',
  'api/no-key',
  'api/unexpected',
  'api/unknown-method',
  'api/unknown-ruleset',
  'api/wrong-pin',
  'engine/bad-odds',
  'engine/duplicate-player',
  'engine/duplicate-unit',
  'engine/game-exists',
  'engine/game-started',
  'engine/no-game',
  'engine/no-such-request',
  'engine/key-recorded',
  'engine/no-key',
  'engine/no-turn',
  'engine/not-a-player',
  'engine/not-entitled',
  'engine/not-the-head',
  'engine/out-of-order',
  'engine/requests-open',
  'engine/turn-order',
  'engine/unknown-list',
  'engine/unknown-player',
  'engine/unknown-unit',
  'engine/unknown-variant',
  'engine/wrong-answer',
  'engine/wrong-choice',
  'engine/wrong-dice',
  'engine/wrong-turn',
  'engine/wrong-ruleset',
  'event/invalid',
  'host/foreign-origin',
  'host/not-found',
  'host/not-json',
  'host/not-signed',
  'host/second-screen',
  'host/unauthorized',
  'host/wrong-host',
  'import/bad-line',
  'import/rules-version',
  'list/bad-file',
  'list/too-large',
  'list/unknown-format',
  'report/bad-format',
  'report/bad-lang',
  'report/not-a-report',
  'report/does-not-match',
  'report/no-browser',
  'report/print-failed',
  'api/bad-key',
  'api/bad-signature',
  'api/no-key',
  'api/wrong-pin',
  'rules/already-engaged',
  'rules/bad-deployment',
  'rules/bad-formation',
  'rules/bad-challenge',
  'rules/bad-model',
  'rules/bad-param',
  'rules/bad-target',
  'rules/cannot-charge',
  'rules/cannot-join',
  'rules/cannot-move',
  'rules/cannot-cast',
  'rules/bad-item',
  'rules/bad-weapon',
  'rules/combat-fought',
  'rules/combat-over',
  'rules/contradicts-charge',
  'rules/not-pursuing',
  'rules/not-restrained',
  'rules/duplicate-combat',
  'rules/duplicate-unit',
  'rules/engaged',
  'rules/friendly-target',
  'rules/game-length',
  'rules/game-not-over',
  'rules/game-over',
  'rules/not-a-spell',
  'rules/not-a-wizard',
  'rules/item-used-up',
  'rules/not-in-combat',
  'rules/too-far',
  'rules/not-permitted',
  'rules/out-of-range',
  'rules/out-of-range',
  'rules/too-many-dice',
  'rules/panic-not-due',
  'rules/phase-order',
  'rules/phase-repeated',
  'rules/too-many-attacks',
  'rules/too-many-models',
  'rules/turn-order',
  'rules/turn-repeated',
  'rules/unit-destroyed',
  'rules/unit-fleeing',
  'rules/unknown-combat',
  'rules/unknown-entry',
  'rules/unknown-phase',
  'rules/unknown-troop-type',
  'rules/unsupported-event',
  'rules/wrong-phase',
  'rules/wrong-side',
  'rules/wrong-weapon',
  'store/bad-event',
  'store/bad-migrations',
  'store/bad-snapshot',
  'store/busy',
  'store/chain-broken',
  'store/closed',
  'store/conflict',
  'store/game-exists',
  'store/migration-changed',
  'store/migration-failed',
  'store/newer-database',
  'store/no-database',
  'store/no-migrations',
  'store/not-a-database',
  'store/not-json',
  'store/not-writable',
  'store/older-database',
  'store/open-failed',
  'store/read-only',
  'store/search-failed',
  'store/unknown-game',
  'store/wrong-game',
] as const

export type ErrorCode = (typeof errorCodes)[number]

/**
 * Where in the input a refusal is about, so that a form shows it beside that field. `unit` is the id
 * the input gives the unit (or character) it is about; `path` leads from there (from the payload's
 * top without a unit) to the field, by names where the input has them: a rule or gear parameter is
 * `['rules', 'regeneration', 'save']`, a characteristic `['profile', 'WS']`, a player's name
 * `['players', 1, 'name']`.
 */
export interface ErrorField {
  readonly unit?: string
  readonly path: readonly (string | number)[]
}

/** An error as it crosses a host boundary (IPC, HTTP): plain data, never a thrown object. */
export interface ErrorData {
  readonly code: ErrorCode
  readonly message: string
  /** What the refusal is about, when it is about one field of the input. */
  readonly field?: ErrorField
  /** For `store/conflict`: the seq the writer expected and the seq the game is at. */
  readonly expected?: number
  readonly actual?: number
}

/** Errors cross every boundary as `{ code, message }` data; these are their thrown forms. */
export class ArbiterError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: ErrorField,
  ) {
    super(message)
    this.name = 'ArbiterError'
  }
  toData(): ErrorData {
    return { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) }
  }
}

/** A malformed event: names the event type, its version and the field. Nothing is written. */
export class EventValidationError extends ArbiterError {
  constructor(message: string, field?: ErrorField) {
    super('event/invalid', message, field)
    this.name = 'EventValidationError'
  }
}

/** `store/conflict`: the writer saw seq `expected`, the game is at `actual`. Nothing was written. */
export class ConflictError extends ArbiterError {
  constructor(
    readonly gameId: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super('store/conflict', `game ${gameId} is at seq ${actual}, the writer expected ${expected}: reload and try again`)
    this.name = 'ConflictError'
  }
  override toData(): ErrorData {
    return { code: this.code, message: this.message, expected: this.expected, actual: this.actual }
  }
}

/** Any thrown value as error data: an ArbiterError keeps its code, anything else is `api/unexpected`. */
export function toErrorData(error: unknown): ErrorData {
  if (error instanceof ArbiterError) return error.toData()
  return { code: 'api/unexpected', message: error instanceof Error ? error.message : String(error) }
}
