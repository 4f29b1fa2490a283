import { ArbiterError, type ErrorCode, type ErrorField } from '../events/errors.js'

/** An event the rules refuse (an answer to no request, dice of the wrong count, an unknown unit). */
export class RuleError extends ArbiterError {
  constructor(code: Extract<ErrorCode, `engine/${string}` | `rules/${string}`>, message: string, field?: ErrorField) {
    super(code, message, field)
    this.name = 'RuleError'
  }
}
