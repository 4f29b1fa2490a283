/** Errors cross every boundary as `{ code, message }` data; these are their thrown forms. */
export class ArbiterError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'ArbiterError'
  }
  toData(): { code: string; message: string } {
    return { code: this.code, message: this.message }
  }
}

/** A malformed event: names the event type, its version and the field. Nothing is written. */
export class EventValidationError extends ArbiterError {
  constructor(message: string) {
    super('event/invalid', message)
    this.name = 'EventValidationError'
  }
}
