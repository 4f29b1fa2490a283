import type { z } from 'zod'
import type { EntryDefinition } from '../engine/catalogue.js'
import { normaliseArmy } from '../engine/muster-check.js'
import type { Ruleset } from '../engine/types.js'
import { firstControlCharacter } from '../events/control-text.js'
import { type ErrorField, EventValidationError } from '../events/errors.js'
import { eventSchemas, type UnitDefinition } from '../events/event-types.js'
import { gameEvents } from '../events/index.js'
import { definitionsOf } from './game-views.js'

/**
 * An army as a player or a list file gives it, made ready for the engine: its shape checked with the
 * refusal said in a player's words beside its field (the unit's name, "Models", "WS", not a zod path),
 * then every parameter read into its recorded form by the one parser (core/engine/params.ts).
 */
export function prepareArmy(entries: ReadonlyMap<string, EntryDefinition>, payload: unknown): unknown {
  const parsed = eventSchemas.ArmyMustered.schema.safeParse(payload)
  if (!parsed.success) throw armyShapeError(payload, parsed.error.issues[0]!)
  const typed = eventSchemas.ArmyMustered.input.safeParse(parsed.data)
  if (!typed.success) throw armyShapeError(payload, typed.error.issues[0]!)
  return normaliseArmy(entries, parsed.data)
}

const fieldNames: Readonly<Record<string, string>> = {
  id: 'its id',
  name: 'its name',
  troopType: 'its troop type',
  race: 'its race',
  models: 'Models',
  formation: 'its formation',
  files: 'its width in models',
  gear: 'its gear',
  rules: 'its special rules',
  characters: 'its characters',
  wizardLevel: 'its Wizard level',
  command: 'its command group',
  championProfile: "its champion's profile",
  mount: 'its mount',
}

function armyShapeError(payload: unknown, issue: z.core.$ZodIssue): EventValidationError {
  const [top, index, ...rest] = issue.path
  const units = (payload as { units?: unknown } | null)?.units
  if (top !== 'units' || typeof index !== 'number' || !Array.isArray(units)) {
    const where = issue.path.length === 0 ? 'the army' : `the army's ${issue.path.map(String).join('.')}`
    return new EventValidationError(`${where} ${problemOf(issue)}`, { path: issue.path.map(pathPart) })
  }
  const unit = (units[index] ?? {}) as Partial<UnitDefinition>
  const shown =
    typeof unit.name === 'string' && unit.name.trim() !== '' && firstControlCharacter(unit.name) === undefined
  const who = shown ? (unit.name as string) : `Unit ${index + 1}`
  const path = refPath(unit, rest.map(pathPart))
  const field: ErrorField = { ...(typeof unit.id === 'string' ? { unit: unit.id } : {}), path }
  return new EventValidationError(`${who}: ${label(path)} ${problemOf(issue)}`, field)
}

const pathPart = (part: PropertyKey): string | number => (typeof part === 'number' ? part : String(part))

/** A gear or rule reference by its id, not its place in the list: ['rules', 0, 'params', 'save'] -> ['rules', 'regeneration', 'save']. */
function refPath(unit: Partial<UnitDefinition>, path: (string | number)[]): (string | number)[] {
  const [list, index, key, ...rest] = path
  if ((list !== 'gear' && list !== 'rules') || typeof index !== 'number') return path
  const ref = (unit[list] as unknown[] | undefined)?.[index]
  const id = typeof ref === 'string' ? ref : (ref as { id?: unknown } | undefined)?.id
  if (typeof id !== 'string') return path
  return key === 'params' || key === 'options' ? [list, id, ...rest] : [list, id]
}

function label(path: readonly (string | number)[]): string {
  // A mount's fields are named as its: "its mount's name", "its mount's WS".
  if (path[0] === 'mount' && path.length > 1) return `its mount's ${label(path.slice(1)).replace(/^its /, '')}`
  const [first, second, third] = path
  if (first === 'profile' && typeof second === 'string') return second
  if ((first === 'gear' || first === 'rules') && typeof second === 'string')
    return third === undefined ? `"${second}"` : `${second} ${third}`
  const last = [...path].reverse().find((part) => typeof part === 'string')
  return last === undefined ? 'a field' : (fieldNames[last] ?? last)
}

function problemOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? 'cannot be empty'
        : issue.origin === 'array'
          ? `needs at least ${issue.minimum}`
          : `must be at least ${issue.minimum}`
    case 'too_big':
      return issue.origin === 'string'
        ? `is at most ${issue.maximum} letters`
        : issue.origin === 'array'
          ? `holds at most ${issue.maximum}`
          : `must be at most ${issue.maximum}`
    case 'invalid_type':
      return issue.expected === 'int' ? 'must be a whole number' : `must be ${article(issue.expected)}`
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`
    case 'unrecognized_keys':
      return `has no ${issue.keys.join(', ')}`
    case 'invalid_format':
      return issue.message.replace(/^expected /, 'must be ')
    case 'custom':
      return typeof issue.params?.problem === 'string' ? issue.params.problem : issue.message
    default:
      return issue.message
  }
}

const article = (expected: string) => (/^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`)

/**
 * A new event's payload as it is stored: validated at `v`, an army read from a list as a muster reads it (only an
 * army asks for the game's ruleset, so other events are validated before the game is opened).
 */
export function validatedPayload(ruleset: () => Ruleset, type: string, v: number, payload: unknown): unknown {
  return type === 'ArmyMustered' && v === gameEvents.currentVersion(type)
    ? prepareArmy(definitionsOf(ruleset()), payload)
    : gameEvents.validateNew(type, v, payload)
}
