import { type EventType, eventSchemas } from '../../events/event-types.js'
import { type FieldMeta, META } from './field-meta.js'

/**
 * One description of every event a player records: each field of its schema (`eventSchemas`), in a player's
 * words, with what it means, the values it takes and the ruleset it applies to. The declaration forms, the
 * command line's `declare TYPE --help` and their tests are built from it; `declarationForm` turns it into the
 * fields a situation asks for, with the options named from the game and the catalogue.
 */

/** What a field asks for: how a form offers it and where its options come from. */
export type FieldKind =
  | 'own-unit'
  | 'enemy-unit'
  | 'unit'
  | 'units'
  | 'combat-unit'
  | 'character'
  | 'wizard'
  | 'weapon'
  | 'spell'
  | 'item'
  | 'model'
  | 'combat'
  | 'combat-name'
  | 'charge'
  | 'inches'
  | 'count'
  | 'number'
  | 'dice'
  | 'choice'
  | 'yes-no'
  | 'turn'
  | 'phase'
  | 'player'
  | 'text'
  | 'fixed'
  | 'sides'
  | 'contact'
  | 'other'

/**
 * Who records an event, and where: most in a declaration form; the rest on their own screens, as answers, as
 * signatures, or when the table settles a dispute (a Correction: Edit > Undo, `arbiter undo`; a Ruling; or
 * `arbiter declare TYPE --payload`).
 */
export type RecordedBy = 'form' | 'new-game' | 'muster' | 'answer' | 'signing' | 'dispute'

export interface Choice {
  readonly value: string
  readonly label: string
  readonly help?: string
  /** The rulesets that take this value; every ruleset when absent. */
  readonly rulesets?: readonly string[]
}

/** A field as every situation shares it. */
export interface FieldDescription {
  /** The payload's key. */
  readonly name: string
  readonly label: string
  readonly help: string
  readonly kind: FieldKind
  /** The payload must have it (no default and not optional). */
  readonly required: boolean
  /** The schema's default, when it has one. */
  readonly default?: string | number | boolean
  /** An enum's values, each labelled; a literal's one value. */
  readonly choices?: readonly Choice[]
  readonly min?: number
  readonly max?: number
  readonly integer?: boolean
  /** A distance is given in inches. */
  readonly unit?: 'inches'
  /** The rulesets the field applies to; every ruleset when absent. */
  readonly rulesets?: readonly string[]
  /** When the field is asked, in a player's words; always when absent. */
  readonly when?: string
  /** How the command line gives it, where that differs from a form (an id rather than a name). */
  readonly cli?: string
  /** A single value (a command-line flag) or a list or object (given with --payload). */
  readonly shape: 'value' | 'list' | 'object'
}

export interface DeclarationDescription {
  readonly type: EventType
  /** What a player calls it. */
  readonly title: string
  readonly help: string
  readonly recordedBy: RecordedBy
  readonly fields: readonly FieldDescription[]
}

/** What zod says of one field: whether it is required, its default, its bounds, its enum values. */
interface ZodLike {
  readonly def: { readonly type: string; readonly innerType?: ZodLike; readonly defaultValue?: unknown }
  readonly options?: readonly unknown[]
  readonly values?: ReadonlySet<unknown>
  readonly minValue?: number | null
  readonly maxValue?: number | null
  readonly isInt?: boolean
}

function describeField(name: string, schema: ZodLike, meta: FieldMeta): FieldDescription {
  let inner = schema
  let required = true
  let fallback: unknown
  while (inner.def.type === 'optional' || inner.def.type === 'default') {
    required = false
    if (inner.def.type === 'default') fallback = inner.def.defaultValue
    inner = inner.def.innerType as ZodLike
  }
  const type = inner.def.type
  const values =
    type === 'enum' ? (inner.options as string[]) : type === 'literal' ? ([...(inner.values ?? [])] as string[]) : null
  const choices = values?.map((value) => {
    const label = meta.labels?.[value]
    if (!label) throw new Error(`declarations: no label for ${name}=${value}`)
    return { value, ...label }
  })
  const { labels: _labels, ...rest } = meta
  return {
    name,
    ...rest,
    required,
    ...(fallback !== undefined ? { default: fallback as string | number | boolean } : {}),
    ...(choices ? { choices } : {}),
    ...(type === 'number' && typeof inner.minValue === 'number' ? { min: inner.minValue } : {}),
    ...(type === 'number' && typeof inner.maxValue === 'number' && inner.maxValue < 1e6 ? { max: inner.maxValue } : {}),
    ...(type === 'number' && inner.isInt ? { integer: true } : {}),
    shape: type === 'array' ? 'list' : type === 'object' ? 'object' : 'value',
  }
}

/** DiceRolled's `source` is labelled here: its meta keeps one shape with the rest. */
const SOURCE_LABELS = { physical: { label: 'At the table' }, app: { label: 'By the app' } }

/** Every event type, described from its schema and its fields' meta, in the schemas' order. */
export const declarations: Readonly<Record<EventType, DeclarationDescription>> = Object.fromEntries(
  (Object.keys(eventSchemas) as EventType[]).map((type) => {
    const meta = META[type]
    const shape = eventSchemas[type].schema.shape as unknown as Record<string, ZodLike>
    const fieldMeta = meta.fields as Record<string, FieldMeta>
    const fields = Object.entries(shape).map(([name, schema]) => {
      const own = fieldMeta[name]
      if (!own) throw new Error(`declarations: ${type}.${name} has no description`)
      return describeField(
        name,
        schema,
        type === 'DiceRolled' && name === 'source' ? { ...own, labels: SOURCE_LABELS } : own,
      )
    })
    return [type, { type, title: meta.title, help: meta.help, recordedBy: meta.recordedBy, fields }]
  }),
) as unknown as Record<EventType, DeclarationDescription>

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type)
}

/** Whether a field (or a choice) applies under a ruleset. */
export function appliesTo(item: { readonly rulesets?: readonly string[] }, ruleset: string): boolean {
  return item.rulesets === undefined || item.rulesets.includes(ruleset)
}

// ---------------------------------------------------------------------------------------------------------------
// The concrete form: the fields a situation asks for, with their options by name and their defaults.
