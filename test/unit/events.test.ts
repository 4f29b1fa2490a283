import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  canonicalJson,
  chainText,
  createEventCatalog,
  EventValidationError,
  GENESIS_HASH,
  gameEvents,
  NotJsonError,
} from '../../core/events/index.js'

describe('canonical JSON', () => {
  it('sorts keys at every depth and writes no white space', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}',
    )
  })

  it('gives the same text for the same data whatever the key order', () => {
    expect(canonicalJson({ x: 1, y: [1, 2] })).toBe(canonicalJson({ y: [1, 2], x: 1 }))
  })

  it('refuses what is not JSON data, naming where', () => {
    expect(() => canonicalJson({ at: new Date(0) })).toThrow(NotJsonError)
    expect(() => canonicalJson({ a: [1, Number.NaN] })).toThrow('$.a[1]: NaN is not JSON data')
    expect(() => canonicalJson({ n: 10n })).toThrow('$.n: bigint is not JSON data')
  })

  it('the chain text is prevHash + the canonical JSON of the envelope without its hashes', () => {
    const fields = {
      seq: 3,
      gameId: 'g-1',
      type: 'Note',
      v: 1,
      at: '2026-11-30T10:00:00.000Z',
      actor: 'p1',
      rulesVersion: 'classic/classic@x',
    }
    const payload = { text: 'a "quoted" note', extra: [1, 2] }
    expect(chainText(GENESIS_HASH, fields, canonicalJson(payload))).toBe(
      GENESIS_HASH + canonicalJson({ ...fields, payload }),
    )
  })
})

describe('event validation', () => {
  it('a wrong payload field is named with the event type and version', () => {
    expect(() =>
      gameEvents.validateNew('DiceRolled', 1, { requestId: '6.1', faces: [3, 'six'], source: 'physical' }),
    ).toThrow(/^DiceRolled v1: payload\.faces\[1\]: /)
    expect(() =>
      gameEvents.validateNew('ArmyMustered', 2, {
        player: 'p1',
        units: [{ id: 'a', name: 'A', troopType: 'infantry', models: 5, profile: { M: 5 } }],
      }),
    ).toThrow(/ArmyMustered v2: payload\.units\[0\]\.profile\.WS: /)
  })

  it('unknown fields and unknown event types are refused', () => {
    expect(() => gameEvents.validateNew('Note', 1, { text: 'x', colour: 'red' })).toThrow(/Note v1: payload: .*colour/)
    expect(() => gameEvents.validateNew('Teleported', 1, {})).toThrow(/unknown event type "Teleported"/)
  })

  it('new events are written at the current version only', () => {
    expect(() => gameEvents.validateNew('Note', 2, { text: 'x' })).toThrow(/must be written at the current version 1/)
  })

  it('errors carry the event/invalid code', () => {
    try {
      gameEvents.validateNew('Note', 1, {})
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(EventValidationError)
      expect((error as EventValidationError).toData()).toMatchObject({ code: 'event/invalid' })
    }
  })
})

describe('upcasters', () => {
  // A type that went through two versions: v1 had `name`, v2 split it, v3 added a default flag.
  const catalog = createEventCatalog({
    Renamed: {
      version: 3,
      schema: z.strictObject({ first: z.string(), last: z.string(), flagged: z.boolean() }),
      legacy: {
        1: {
          schema: z.strictObject({ name: z.string() }),
          upcast: (p) => {
            const [first = '', last = ''] = (p as { name: string }).name.split(' ')
            return { first, last }
          },
        },
        2: {
          schema: z.strictObject({ first: z.string(), last: z.string() }),
          upcast: (p) => ({ ...(p as object), flagged: false }),
        },
      },
    },
  })

  it('a stored old version is lifted step by step to the current one', () => {
    expect(catalog.readPayload('Renamed', 1, { name: 'Malus Darkblade' })).toEqual({
      first: 'Malus',
      last: 'Darkblade',
      flagged: false,
    })
    expect(catalog.readPayload('Renamed', 2, { first: 'A', last: 'B' })).toEqual({
      first: 'A',
      last: 'B',
      flagged: false,
    })
    expect(catalog.readPayload('Renamed', 3, { first: 'A', last: 'B', flagged: true })).toEqual({
      first: 'A',
      last: 'B',
      flagged: true,
    })
  })

  it('an old payload that does not match its own version is named at that version', () => {
    expect(() => catalog.readPayload('Renamed', 1, { name: 4 })).toThrow(/^Renamed v1: payload\.name: /)
  })

  it('a version newer than the catalogue knows is refused', () => {
    expect(() => catalog.readPayload('Renamed', 4, {})).toThrow(/Renamed v4: no such version|newer than this Arbiter/)
  })
})
