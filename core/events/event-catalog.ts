import type { z } from 'zod'
import { EventValidationError } from './errors.js'

/**
 * An event type's current schema, and the older versions still readable from stored or
 * exported logs: each legacy version names the upcaster that lifts its payload one version up.
 */
export interface EventDefinition {
  readonly version: number
  readonly schema: z.ZodType
  readonly legacy?: Readonly<Record<number, { readonly schema: z.ZodType; upcast(payload: unknown): unknown }>>
}
export type EventDefinitions = Readonly<Record<string, EventDefinition>>

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = ['payload', ...issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : String(part)))]
        .join('.')
        .replace(/\.\[/g, '[')
      return `${field}: ${issue.message}`
    })
    .join('; ')
}

export interface EventCatalog {
  readonly types: readonly string[]
  currentVersion(type: string): number
  /** Validates a payload written now: only the current version of a known type is accepted. */
  validateNew(type: string, v: number, payload: unknown): unknown
  /** Validates a stored payload of any known version and upcasts it to the current version. */
  readPayload(type: string, v: number, payload: unknown): unknown
}

export function createEventCatalog(definitions: EventDefinitions): EventCatalog {
  const types = Object.keys(definitions).sort()

  function definitionOf(type: string): EventDefinition {
    const definition = Object.hasOwn(definitions, type) ? definitions[type] : undefined
    if (!definition) {
      throw new EventValidationError(`unknown event type "${type}" (known: ${types.join(', ')})`)
    }
    return definition
  }

  function check(type: string, v: number, schema: z.ZodType, payload: unknown): unknown {
    const result = schema.safeParse(payload)
    if (!result.success) throw new EventValidationError(`${type} v${v}: ${describeIssues(result.error)}`)
    return result.data
  }

  return {
    types,
    currentVersion: (type) => definitionOf(type).version,
    validateNew(type, v, payload) {
      const definition = definitionOf(type)
      if (v !== definition.version) {
        throw new EventValidationError(
          `${type} v${v}: new events must be written at the current version ${definition.version}`,
        )
      }
      return check(type, v, definition.schema, payload)
    },
    readPayload(type, v, payload) {
      const definition = definitionOf(type)
      if (v === definition.version) return check(type, v, definition.schema, payload)
      let version = v
      let current = payload
      while (version < definition.version) {
        const legacy = definition.legacy?.[version]
        if (!legacy)
          throw new EventValidationError(`${type} v${version}: no such version (current is v${definition.version})`)
        current = legacy.upcast(check(type, version, legacy.schema, current))
        version += 1
      }
      if (version !== definition.version) {
        throw new EventValidationError(
          `${type} v${v}: newer than this Arbiter knows (current is v${definition.version})`,
        )
      }
      return check(type, version, definition.schema, current)
    },
  }
}
