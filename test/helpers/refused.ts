import { expect } from 'vitest'
import { ArbiterError } from '../../core/events/errors.js'
import type { Draft, RulesetGame } from './classic-game.js'

/** Applies `draft` and expects a RuleError of `code` (its message matching `message`) that changes nothing. */
export function refused(game: RulesetGame, draft: Draft, code: string, message?: RegExp) {
  const before = JSON.stringify(game.game)
  let error: unknown
  try {
    game.apply(draft)
  } catch (e) {
    error = e
  }
  expect(error).toBeInstanceOf(ArbiterError)
  expect((error as ArbiterError).code).toBe(code)
  if (message) expect((error as Error).message).toMatch(message)
  expect(JSON.stringify(game.game)).toBe(before)
}
