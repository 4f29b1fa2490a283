import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type GameApi, LocalGameApi, randomFace } from '../../core/api/index.js'
import { ArbiterError, ConflictError, errorCodes, toErrorData } from '../../core/events/index.js'
import { classicCombat, openApi } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()
const root = process.cwd()

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ file: join(dir, name), text: readFileSync(join(root, dir, name), 'utf8') }))
}

describe('one contract for every host', () => {
  it('the GameApi contract has no store and takes no callbacks; a LocalGameApi satisfies it', async () => {
    const contract = readFileSync(join(root, 'core/api/game-api-contract.ts'), 'utf8')
    const body = (/export interface GameApi \{([\s\S]*?)\n\}/.exec(contract)?.[1] ?? '').replace(
      /\/\*\*[\s\S]*?\*\//g,
      '',
    )
    expect(body).toContain('replay(')
    expect(body).not.toMatch(/\bstore\b/)
    expect(body).not.toMatch(/=>/)
    const api: GameApi = await openApi(tempDir())
    await api.close()
  })

  it('the command line uses the api alone: no EventStore, no JSON Lines parser', () => {
    for (const { file, text } of sources('core/cli')) {
      // Only where the package's own files are (the tests `arbiter rules` lists), never the games.
      expect(text, file).not.toMatch(/from '\.\.\/store\/(?!package-root\.js')/)
      expect(text, file).not.toMatch(/\bEventStore\b|parseAndVerifyJsonl/)
    }
  })

  it('the api uses Web Crypto, not node:crypto, and no other Node module', () => {
    for (const { file, text } of sources('core/api')) expect(text, file).not.toMatch(/from 'node:/)
  })

  it('a replay is pages of plain data that carry on from one another', async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    const first = await api.replay(gameId, { limit: 2 })
    expect(first.steps.map((s) => s.seq)).toEqual([1, 2])
    expect(first.nextSeq).toBe(3)
    // only the last page carries the game; openGame gives it at any seq
    expect(first.view).toBeNull()
    expect((await api.openGame(gameId, 2)).seq).toBe(2)
    const rest = await api.replay(gameId, { fromSeq: 3 })
    expect(rest.steps.map((s) => s.seq)).toEqual([3, 4, 5])
    expect(rest.nextSeq).toBeNull()
    expect(rest.view?.state.phase).toBe('close-combat')
    // a page that does not follow the last one replays up to it first
    const jumped = await api.replay(gameId, { fromSeq: 4, limit: 1 })
    expect(jumped.steps.map((s) => s.seq)).toEqual([4])
    expect(structuredClone(first)).toEqual(first)
    await expect(api.replay(gameId, { fromSeq: 6 })).rejects.toMatchObject({ code: 'api/bad-seq' })
    await api.close()
  })
})

describe('errors cross as data', () => {
  it('a conflict is a typed error carrying the expected and the actual seq', async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    const error = await api
      .append(gameId, { type: 'Note', actor: 'p1', payload: { text: 'late' } }, 3)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConflictError)
    expect(toErrorData(error)).toEqual({
      code: 'store/conflict',
      message: `game ${gameId} is at seq 5, the writer expected 3: reload and try again`,
      expected: 3,
      actual: 5,
    })
    await api.close()
  })

  it('a conflict with another writer between the check and the write is typed the same way', async () => {
    const dir = tempDir()
    const first = await openApi(dir)
    const gameId = await classicCombat(first)
    const second = await LocalGameApi.open(join(dir, 'arbiter.sqlite'))
    // the second writer appends behind the first one's session, then the first writes on
    const stale = vi.spyOn(first.store, 'head')
    await second.append(gameId, { type: 'Note', actor: 'p2', payload: { text: 'first' } })
    stale.mockReturnValueOnce({ seq: 5, hash: '' })
    const error = await first.append(gameId, { type: 'Note', actor: 'p1', payload: { text: 'x' } }).catch((e) => e)
    expect(toErrorData(error)).toMatchObject({ code: 'store/conflict', expected: 5, actual: 6 })
    await first.close()
    await second.close()
  })

  it('any other thrown value becomes api/unexpected; an ArbiterError keeps its code', () => {
    expect(toErrorData(new TypeError('boom'))).toEqual({ code: 'api/unexpected', message: 'boom' })
    expect(toErrorData('text')).toEqual({ code: 'api/unexpected', message: 'text' })
    expect(toErrorData(new ArbiterError('store/busy', 'locked'))).toEqual({ code: 'store/busy', message: 'locked' })
  })

  it('every error code used in core/ and the hosts is in the closed union, and the union has no code nothing uses', () => {
    const used = new Set<string>()
    for (const { text } of [...sources('core'), ...sources('electron')]) {
      for (const match of text.matchAll(/['`]((?:api|store|engine|rules|event|import|host|report|list)\/[a-z-]+)['`]/g))
        used.add(match[1] as string)
    }
    used.delete('api/unexpected') // toErrorData's, for values that are not ArbiterErrors
    const known = new Set<string>(errorCodes)
    expect([...used].filter((code) => !known.has(code))).toEqual([])
    expect([...known].filter((code) => !used.has(code) && code !== 'api/unexpected')).toEqual([])
  })
})

describe('app dice', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('are drawn from Web Crypto with rejection sampling, so no face is favoured', () => {
    // 2^32 = 4294967296; for a D6 the largest multiple of 6 below it is 4294967292: draws at or
    // above it are thrown away, or faces 1-4 would come up slightly more often than 5 and 6.
    const draws = [4294967295, 4294967292, 4294967291, 0, 5]
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => {
      ;(array as Uint32Array)[0] = draws.shift() as number
      return array
    })
    expect(randomFace(6)).toBe(6) // 4294967291 % 6 = 5, after two rejected draws
    expect(spy).toHaveBeenCalledTimes(3)
    expect([randomFace(6), randomFace(6)]).toEqual([1, 6])
  })

  it('land on every face, and only on faces', () => {
    const seen = new Set<number>()
    for (let i = 0; i < 600; i++) seen.add(randomFace(6))
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6])
    expect(() => randomFace(0)).toThrow(RangeError)
  })
})
