import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  headSignatureHolds,
  LocalGameApi,
  newKeyPair,
  newPinKey,
  publicKeyText,
  signHead,
  unwrapWithPin,
} from '../../core/api/index.js'
import type { EventEnvelope } from '../../core/events/index.js'
import { rechain, run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()
type Line = { -readonly [K in keyof EventEnvelope]: EventEnvelope[K] }

/** The demo game, both players keyed under their PINs, signed by both at the end of a turn, one more note, then the game's end. */
async function signedGame(dir: string) {
  const db = join(dir, 'signed.sqlite')
  const demo = await run('demo', '--db', db)
  const gameId = demo.out.trimEnd().split('\n').at(-1) as string
  const at = ['--db', db, '--game', gameId]
  const ok = async (...argv: string[]) => {
    const result = await run(...argv)
    expect(result.err).toBe('')
    expect(result.code).toBe(0)
    return result
  }
  await ok('key', ...at, '--as', 'orcs', '--pin', '1234')
  await ok('key', ...at, '--as', 'druchii', '--pin', '9876')
  await ok('sign', ...at, '--as', 'orcs', '--pin', '1234')
  await ok('sign', ...at, '--as', 'druchii', '--pin', '9876')
  await ok('declare', 'Note', '--text', 'the Boyz are run down', ...at, '--as', 'druchii')
  await ok('sign', ...at, '--as', 'druchii', '--pin', '9876', '--end', 'game')
  await ok('sign', ...at, '--as', 'orcs', '--pin', '1234', '--end', 'game')
  const file = join(dir, 'signed.jsonl')
  await ok('export', ...at, '--out', file)
  return { db, gameId, at, file }
}

/** The export's envelopes (without its closing line), and a writer that puts them back with a closing line of its own. */
function lines(file: string): { events: Line[]; write: (events: Line[]) => void } {
  const all = readFileSync(file, 'utf8').trimEnd().split('\n')
  const events = all.slice(0, -1).map((line) => JSON.parse(line) as Line)
  return {
    events,
    write(changed) {
      const last = changed.at(-1) as Line
      const closing = JSON.stringify({
        arbiterExport: { events: changed.length, gameId: last.gameId, head: last.hash },
      })
      writeFileSync(file, `${[...changed.map((e) => JSON.stringify(e)), closing].join('\n')}\n`)
    },
  }
}

/**
 * What a forger who knows the format does after a change: re-hash the chain, and point every signature's
 * head at the new hashes, so that only the signatures themselves can object.
 */
function rechainWithHeads(events: Line[]): void {
  rechain(events)
  for (const event of events) {
    if (event.type !== 'HeadSigned') continue
    const payload = event.payload as { seq: number }
    event.payload = { ...payload, head: (events[payload.seq - 1] as Line).hash }
    rechain(events)
  }
}

describe('both players sign', () => {
  it('a game signed by both verifies, from its file and from the database, and says through which seq', async () => {
    const { at, file } = await signedGame(tempDir())
    const fromFile = await run('verify', file, '--signed')
    expect(fromFile.code).toBe(0)
    expect(fromFile.out).toContain(
      'signed by both through seq 30 (turn 1, the end of the game); 0 events after it unsigned',
    )
    const fromDb = await run('verify', ...at, '--signed')
    expect(fromDb.code).toBe(0)
    expect(fromDb.out).toContain('signed by both through seq 30 (turn 1, the end of the game)')
    // The file carries the signatures: both players' keys and four signatures.
    const { events } = lines(file)
    expect(events.filter((e) => e.type === 'PlayerKeyRecorded').map((e) => e.actor)).toEqual(['orcs', 'druchii'])
    expect(events.filter((e) => e.type === 'HeadSigned')).toHaveLength(4)
  })

  it('says how many events follow the last point both signed', async () => {
    const { at } = await signedGame(tempDir())
    await run('declare', 'Note', '--text', 'a late note', ...at, '--as', 'orcs')
    const result = await run('verify', ...at)
    expect(result.code).toBe(0)
    expect(result.out).toContain(
      'signed by both through seq 30 (turn 1, the end of the game); 1 event after it unsigned',
    )
    const signed = await run('verify', ...at, '--signed')
    expect(signed.code).toBe(1)
    expect(signed.out).toContain('NOT SIGNED')
  })

  it('a log cut short no longer verifies as signed', async () => {
    const { file } = await signedGame(tempDir())
    const { events, write } = lines(file)
    // The game's end signatures and the note before them cut off: what is left is a whole chain.
    write(events.slice(0, -3))
    const result = await run('verify', file, '--signed')
    expect(result.code).toBe(1)
    expect(result.out).toContain('signed by both through seq 27 (turn 1); 0 events after it unsigned')
    expect(result.out).toMatch(/NOT SIGNED .*: the end of the game is not signed by every player .*cut short/)
  })

  it('a roll rewritten and the chain re-hashed fails verify, naming the signature it breaks', async () => {
    const { file } = await signedGame(tempDir())
    const { events, write } = lines(file)
    // The faces of a roll put in another order: the rules give the same, only the record differs.
    const roll = events.find(
      (e) => e.type === 'DiceRolled' && new Set((e.payload as { faces: number[] }).faces).size > 1,
    ) as Line
    const payload = roll.payload as { faces: number[] }
    roll.payload = { ...payload, faces: [...payload.faces].reverse() }
    rechain(events)
    write(events)
    const result = await run('verify', file)
    expect(result.code).toBe(1)
    expect(result.out).toMatch(
      /BROKEN .*: seq 28: orcs signed seq 27 as [0-9a-f]{12}…, but the log has [0-9a-f]{12}… there: the events up to it were changed/,
    )

    // The heads in the signatures rewritten too: the signatures no longer hold.
    rechainWithHeads(events)
    write(events)
    const again = await run('verify', file)
    expect(again.code).toBe(1)
    expect(again.out).toMatch(
      /BROKEN .*: seq 28: orcs's signature over seq 27 does not verify under the key recorded at seq 26/,
    )
  })

  it('a public key swapped and the chain re-hashed fails verify: the signatures are not the new key’s', async () => {
    const { file } = await signedGame(tempDir())
    const { events, write } = lines(file)
    const key = events.find((e) => e.type === 'PlayerKeyRecorded' && e.actor === 'orcs') as Line
    key.payload = { ...(key.payload as object), publicKey: await publicKeyText((await newKeyPair(true)).publicKey) }
    rechainWithHeads(events)
    write(events)
    const result = await run('verify', file)
    expect(result.code).toBe(1)
    expect(result.out).toMatch(
      /BROKEN .*: seq 28: orcs's signature over seq 27 does not verify under the key recorded at seq 26/,
    )
    // Nor does import take it.
    const other = join(tempDir(), 'other.sqlite')
    const imported = await run('import', '--db', other, file)
    expect(imported.code).toBe(1)
    expect(imported.err).toMatch(/import\/bad-line: line 28 \(seq 28\): orcs's signature over seq 27 does not verify/)
  })

  it('a wrong PIN cannot sign, and nothing is written', async () => {
    const { at, db, gameId } = await signedGame(tempDir())
    const before = (await run('verify', ...at)).out
    const result = await run('sign', ...at, '--as', 'orcs', '--pin', '4321')
    expect(result).toMatchObject({ code: 1, err: "arbiter sign: api/wrong-pin: the PIN is wrong for orcs's key\n" })
    expect((await run('verify', ...at)).out).toBe(before)
    // Nor can one player sign with the other's PIN, or for the other.
    expect((await run('sign', ...at, '--as', 'orcs', '--pin', '9876')).code).toBe(1)
    expect(readdirSync(join(db, '..')).filter((f) => f.includes('partial'))).toEqual([])
    const sealed = JSON.parse(readFileSync(`${db}.keys.json`, 'utf8')).keys.find(
      (k: { gameId: string; player: string }) => k.gameId === gameId && k.player === 'orcs',
    )
    await expect(unwrapWithPin(sealed, '0000', 'orcs')).rejects.toThrow('the PIN is wrong')
    await expect(unwrapWithPin(sealed, '1234', 'orcs')).resolves.toMatchObject({ type: 'private', extractable: false })
  })

  it('the api refuses a forged signature, a head that is not the game’s, and a signature for another player', async () => {
    const { db, gameId } = await signedGame(tempDir())
    const kept = JSON.parse(readFileSync(`${db}.keys.json`, 'utf8')).keys.find(
      (k: { gameId: string; player: string }) => k.gameId === gameId && k.player === 'orcs',
    )
    const orcsKey = await unwrapWithPin(kept, '1234', 'orcs')
    const api = await LocalGameApi.open(db, { mustExist: true })
    try {
      const signedUp = await api.signatures(gameId)
      expect(signedUp.summary.through).toMatchObject({ seq: 30, end: 'game' })
      // Both have signed everything there is: neither has anything to sign.
      expect(signedUp.toSign).toEqual({})
      await api.append(gameId, { type: 'Note', actor: 'druchii', payload: { text: 'one more thing' } })
      const view = await api.signatures(gameId)
      expect(view.head.seq).toBe(33)
      const point = view.toSign.orcs as { seq: number; head: string; turn: number }
      expect(point.seq).toBe(33)
      const fields = { gameId, player: 'orcs', ...point, end: 'turn' as const }
      const signed = await signHead(orcsKey, fields)
      const sealed = await newPinKey('5555')
      const forged = await signHead(await unwrapWithPin(sealed, '5555', 'orcs'), fields)
      const draft = (payload: object, actor = 'orcs') => ({
        type: 'HeadSigned',
        actor,
        payload: { player: 'orcs', ...point, end: 'turn', signature: signed, ...payload },
      })
      await expect(api.append(gameId, draft({ signature: forged }))).rejects.toMatchObject({
        code: 'api/bad-signature',
      })
      await expect(api.append(gameId, draft({ head: 'f'.repeat(64) }))).rejects.toMatchObject({
        code: 'api/bad-signature',
      })
      await expect(api.append(gameId, draft({}, 'druchii'))).rejects.toMatchObject({ code: 'engine/not-entitled' })
      await expect(api.append(gameId, draft({ seq: 3 }))).rejects.toMatchObject({ code: 'api/bad-signature' })
      expect((await api.signatures(gameId)).head.seq).toBe(33)
      // The message names the game, the player, the seq and its hash, and the end: a signature holds for nothing else.
      expect(await headSignatureHolds(kept.publicKey, fields, signed)).toBe(true)
      expect(await headSignatureHolds(kept.publicKey, { ...fields, player: 'druchii' }, signed)).toBe(false)
      expect(await headSignatureHolds(kept.publicKey, { ...fields, end: 'game' }, signed)).toBe(false)
      expect(await headSignatureHolds(sealed.publicKey, fields, signed)).toBe(false)
      // Signed as it is, it is taken.
      expect((await api.append(gameId, draft({}))).seq).toBe(34)
    } finally {
      await api.close()
    }
  })

  it('a player without a key cannot sign; a player has one key a game', async () => {
    const dir = tempDir()
    const db = join(dir, 'g.sqlite')
    const gameId = (await run('demo', '--db', db)).out.trimEnd().split('\n').at(-1) as string
    const at = ['--db', db, '--game', gameId]
    const result = await run('sign', ...at, '--as', 'orcs', '--pin', '1234')
    expect(result.code).toBe(1)
    expect(result.err).toContain('api/no-key: orcs has no key in this game')
    expect(await run('key', ...at, '--as', 'orcs', '--pin', '12')).toMatchObject({ code: 1 })
    expect((await run('key', ...at, '--as', 'orcs', '--pin', '1234')).code).toBe(0)
    const again = await run('key', ...at, '--as', 'orcs', '--pin', '1234')
    expect(again.err).toContain('engine/key-recorded')
    // The refused key is not kept either.
    expect(JSON.parse(readFileSync(`${db}.keys.json`, 'utf8')).keys).toHaveLength(1)
  })
})

describe('games recorded without keys', () => {
  it('verify as unsigned, replayed under their rules', async () => {
    const folder = join(import.meta.dirname, '../scenarios/games')
    for (const name of readdirSync(folder).filter((f) => f.endsWith('.jsonl'))) {
      // Recorded under earlier rules: replayed under these on purpose, as the recorded-games test does.
      const result = await run('verify', join(folder, name), '--current-rules')
      expect(result.code, name).toBe(0)
      expect(result.out, name).toContain('rules: every event replays; unsigned: no player has a key in this game')
      expect((await run('verify', join(folder, name), '--signed', '--current-rules')).code).toBe(1)
    }
  })
})

describe('verify replays the game', () => {
  /** The demo's export with `change` made to it and the chain re-hashed: only the rules can object. */
  async function forged(change: (events: Line[]) => void) {
    const dir = tempDir()
    const db = join(dir, 'g.sqlite')
    const gameId = (await run('demo', '--db', db)).out.trimEnd().split('\n').at(-1) as string
    const file = join(dir, 'g.jsonl')
    await run('export', '--db', db, '--game', gameId, '--out', file)
    const { events, write } = lines(file)
    change(events)
    rechain(events)
    write(events)
    return run('verify', file)
  }

  it('a D6 showing 7, naming the seq', async () => {
    const result = await forged((events) => {
      const roll = events[6] as Line
      roll.payload = { ...(roll.payload as object), faces: [7, 4, 3, 2, 6] }
    })
    expect(result.code).toBe(1)
    expect(result.out).toMatch(/^BROKEN .*: seq 7: .*7/m)
  })

  it('an answer to no request, naming the seq', async () => {
    const result = await forged((events) => {
      const roll = events[6] as Line
      roll.payload = { ...(roll.payload as object), requestId: '99.1' }
    })
    expect(result.code).toBe(1)
    expect(result.out).toMatch(/^BROKEN .*: seq 7: DiceRolled answers request "99.1", which is not open/m)
  })

  it('a payload that no longer fits its schema, naming the seq', async () => {
    const result = await forged((events) => {
      const army = events[2] as Line
      army.payload = { ...(army.payload as object), units: null }
    })
    expect(result.code).toBe(1)
    expect(result.out).toMatch(/^BROKEN .*: seq 3: ArmyMustered v2: payload.units: /m)
  })

  it('an event whose actor is no player, naming the seq', async () => {
    const result = await forged((events) => {
      ;(events[9] as Line).actor = 'mallory'
    })
    expect(result.code).toBe(1)
    expect(result.out).toMatch(/^BROKEN .*: seq 10: \w+ is recorded by "mallory", who is not a player of this game/m)
  })
})
