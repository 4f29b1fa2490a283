import { type Explanation, explain } from '../explain/explanation.js'
import { RuleError } from './errors.js'
import { requireGame, requirePlayer } from './guards.js'
import type { Handler, HandlerParts } from './handlers.js'
import type { EngineEvent, UnitState } from './types.js'

type RuledFields = Pick<UnitState, 'models' | 'woundsOnNextModel' | 'fleeing'>
const FIELD_WORDS: Record<keyof RuledFields, string> = {
  models: 'models left',
  woundsOnNextModel: 'wounds on the next model',
  fleeing: 'fleeing',
}
const said = (value: number | boolean) => (typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value))

/**
 * A table ruling (docs/corrections.md): every player agrees to apply another outcome than the rules gave. Each
 * unit's ruled fields are a `table-ruling` outcome, explained with what the rules give (the state as folded, resting
 * on the event ruled about) beside what the table ruled; with `dropOpen`, the rolls and choices still owed are not.
 */
export const tableRuling =
  (parts: HandlerParts): Handler<'Ruling'> =>
  (state, event) => {
    const game = requireGame(state, event as EngineEvent)
    const { about, units, dropOpen, why, agreedBy } = event.payload
    requirePlayer(game, event.actor, event as EngineEvent)
    if (about >= event.seq)
      throw new RuleError(
        'rules/not-permitted',
        `seq ${event.seq}: a ruling is about an earlier event, not seq ${about}`,
      )
    const missing = game.players.map((p) => p.id).filter((id) => id !== event.actor && !agreedBy.includes(id))
    if (missing.length > 0)
      throw new RuleError(
        'rules/not-permitted',
        `seq ${event.seq}: a table ruling needs every player's agreement; agreedBy does not name ${missing.join(', ')}`,
      )
    if (units.length === 0 && !dropOpen)
      throw new RuleError(
        'rules/not-permitted',
        `seq ${event.seq}: a ruling rules on at least one unit, or drops what is owed`,
      )
    const context = parts.runOf(game).context
    for (const ruled of units) {
      const unit = context.unit(ruled.unit)
      const lines: Explanation[] = []
      const rulings: string[] = []
      for (const field of Object.keys(FIELD_WORDS) as (keyof RuledFields)[]) {
        const value = ruled[field]
        if (value === undefined) continue
        rulings.push(`${FIELD_WORDS[field]} ${said(value)} (the rules: ${said(unit[field])})`)
        lines.push(
          explain(
            `${unit.name}, ${FIELD_WORDS[field]}: the rules give ${said(unit[field])} (as they stand after seq ` +
              `${event.seq - 1}, resting on seq ${about}); the table rules ${said(value)}`,
            { value, from: [about, event.seq] },
          ),
        )
      }
      const text = `table ruling for ${unit.name} about seq ${about}: ${rulings.join(', ') || 'nothing changed'}`
      context.emit({
        kind: 'table-ruling',
        text,
        values: {
          ...ruled,
          about,
          rules: { models: unit.models, woundsOnNextModel: unit.woundsOnNextModel, fleeing: unit.fleeing },
        },
        explanation: explain(text, { from: [about, event.seq] }, lines),
      })
    }
    const dropped: Explanation[] = []
    if (dropOpen) {
      for (const request of Object.values(game.requests))
        dropped.push(
          explain(`not owed by the ruling: request ${request.id}: ${request.text}`, { from: [request.openedAt] }),
        )
      for (const id of Object.keys(game.requests)) delete game.requests[id]
      state.frames.clear()
    }
    const agreed = agreedBy.length > 0 ? `, agreed by ${agreedBy.join(', ')}` : ''
    return explain(
      `table ruling about seq ${about} by ${event.actor}${agreed}: ${why}`,
      { from: [event.seq, about] },
      dropped,
    )
  }
