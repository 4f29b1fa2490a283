import { z } from 'zod'
import { whatIfEditsSchema } from '../audit/what-if.js'
import { ArbiterError } from '../events/errors.js'
import type { UnitDefinitionInput } from '../events/event-types.js'
import type { GameApi, GameApiMethod } from './game-api-contract.js'
import { MAX_LIST_BASE64 } from './lists.js'

/**
 * The arguments of every GameApi method, checked where they cross a host boundary (Electron IPC,
 * the web host) before LocalGameApi sees them. Shapes only: what the arguments mean (a known game,
 * a valid event payload) is LocalGameApi's to judge, with its own codes. An optional argument may
 * come as null (JSON has no undefined: `[id, undefined]` is sent as `[id, null]`).
 */
const id = z.string().min(1).max(200)
const seq = z.number().int()
const optional = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value) => (value === null ? undefined : value))

const page = optional(z.strictObject({ fromSeq: optional(seq), limit: optional(seq) }))

const eventDraft = z.strictObject({
  type: id,
  v: optional(z.number().int().min(1)),
  actor: id,
  payload: z.unknown(),
})

const newGame = z.strictObject({
  ruleset: id,
  variant: optional(id),
  players: z.array(z.strictObject({ id, name: z.string().max(200) })).max(16),
  title: optional(z.string().max(500)),
  scenario: optional(z.string().max(500)),
  turns: optional(z.number().int().min(1).max(100)),
  actor: id,
})

/** What each method's arguments must look like; the type check keeps each in step with GameApi. */
export const gameApiArgs = {
  listGames: z.tuple([]),
  archiveGame: z.tuple([id, z.boolean()]),
  sampleGame: z.tuple([]),
  createGame: z.tuple([newGame]),
  append: z.tuple([id, eventDraft, optional(seq)]),
  rollDice: z.tuple([id, id, id]),
  undo: z.tuple([
    id,
    id,
    optional(z.strictObject({ reason: optional(z.string().max(2000)), agreedBy: optional(z.array(id).max(8)) })),
  ]),
  whatIf: z.tuple([id, whatIfEditsSchema]),
  audit: z.tuple([id]),
  report: z.tuple([
    id,
    z.strictObject({ format: z.enum(['md', 'html']).optional(), lang: z.string().max(20).optional() }).optional(),
  ]),
  openGame: z.tuple([id, optional(seq)]),
  status: z.tuple([id]),
  replay: z.tuple([id, page]),
  verifyGame: z.tuple([id]),
  signatures: z.tuple([id]),
  exportGame: z.tuple([id, page]),
  // An exported game of many thousand events is megabytes of text.
  importGame: z.tuple([z.string().max(512 * 1024 * 1024)]),
  rulesets: z.tuple([]),
  catalogue: z.tuple([id]),
  // A player's words, not a document.
  searchRules: z.tuple([id, z.string().max(1000)]),
  troops: z.tuple([id, optional(z.string().max(200))]),
  // A list file's bytes as base64 (core/api/lists.ts refuses one too large by name, so the limit here is looser).
  importList: z.tuple([id, z.string().min(1).max(255), z.string().max(MAX_LIST_BASE64 + 1024)]),
  // The unit's shape is the library's to judge (as a muster judges it), with its own refusals.
  saveLibraryUnit: z.tuple([
    id,
    z.string().max(200).nullable(),
    z.custom<UnitDefinitionInput>((unit) => typeof unit === 'object' && unit !== null && !Array.isArray(unit), {
      message: 'expected a unit (an object)',
    }),
    z.string().min(1).max(500),
  ]),
  libraryUnits: z.tuple([id, optional(z.string().max(200))]),
  exportArmy: z.tuple([id, id]),
  close: z.tuple([]),
} satisfies { [M in GameApiMethod]: z.ZodType<Parameters<GameApi[M]>, unknown> }

export type GameApiCall = { [M in GameApiMethod]: { method: M; args: Parameters<GameApi[M]> } }[GameApiMethod]

/**
 * The arguments of a call to `method`, checked; a refusal (`api/bad-arguments`) names the method,
 * the argument and what is wrong with it.
 */
export function checkArgs<M extends GameApiMethod>(method: M, args: unknown): Parameters<GameApi[M]> {
  if (!Array.isArray(args))
    throw new ArbiterError('api/bad-arguments', `${method}: the arguments must be a list, not ${describe(args)}`)
  const parsed = gameApiArgs[method].safeParse(args)
  if (parsed.success) return parsed.data as Parameters<GameApi[M]>
  const problems = parsed.error.issues.map((issue) => {
    const [index, ...path] = issue.path
    const where =
      index === undefined
        ? 'the arguments'
        : `argument ${Number(index) + 1}${path.length > 0 ? ` field ${path.map(String).join('.')}` : ''}`
    if (issue.code === 'too_big' && index === undefined)
      return `${where}: at most ${gameApiArgs[method].def.items.length} expected, ${args.length} given`
    if (issue.code === 'too_small' && index === undefined) return `${where}: too few (${args.length} given)`
    return `${where}: ${issue.message}`
  })
  throw new ArbiterError('api/bad-arguments', `${method}: ${problems.join('; ')}`)
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'nothing'
  if (typeof value === 'object') return 'an object'
  return `a ${typeof value}`
}
