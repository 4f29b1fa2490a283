import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { verifyExportedGame } from '../../core/api/export-file.js'
import { type ExportPage, LocalGameApi, type StepView } from '../../core/api/index.js'
import {
  canonicalJson,
  chainText,
  type EventEnvelope,
  GENESIS_HASH,
  type UnchainedEvent,
} from '../../core/events/index.js'
import { defaultMigrationsDir, EventStore, migrate, sha256Hex } from '../../core/store/index.js'
import { serveWeb } from '../../electron/serve.js'
import { rechain, run } from '../helpers/cli.js'
import { rehashFrom, tamper } from '../helpers/tamper.js'
import { useTempDir } from '../helpers/temp.js'

/**
 * Issue 17 item 1: the host that recorded an event is kept with it, in its hashed envelope only when
 * there is one, so every event recorded before hosts named themselves hashes as it always did.
 */

const tempDir = useTempDir()
const games = join(import.meta.dirname, '..', 'scenarios', 'games')
const PLAYERS = [
  { id: 'red', name: 'Red' },
  { id: 'blue', name: 'Blue' },
]

async function exported(api: LocalGameApi, gameId: string): Promise<string> {
  let text = ''
  let page: ExportPage = await api.exportGame(gameId)
  text += page.text
  while (page.nextSeq !== null) {
    page = await api.exportGame(gameId, { fromSeq: page.nextSeq })
    text += page.text
  }
  return text
}

async function recorded(host?: string): Promise<{ api: LocalGameApi; gameId: string; file: string }> {
  const file = join(tempDir(), 'library.sqlite')
  const api = await LocalGameApi.open(file, host === undefined ? {} : { host })
  const { gameId } = await api.createGame({ ruleset: 'classic', players: PLAYERS, actor: 'red', title: 'Hosted' })
  await api.append(gameId, { type: 'Note', actor: 'blue', payload: { text: 'first' } })
  await api.append(gameId, { type: 'Note', actor: 'red', payload: { text: 'second' } })
  return { api, gameId, file }
}

function events(api: LocalGameApi, gameId: string): EventEnvelope[] {
  return [...api.store.readEvents(gameId, { verify: true })]
}

describe('existing games keep their hashes', () => {
  const files = readdirSync(games).filter((name) => name.endsWith('.jsonl'))

  for (const name of files) {
    it(`${name} imports, exports byte for byte and verifies, with no host added`, async () => {
      const text = readFileSync(join(games, name), 'utf8')
      const api = await LocalGameApi.open(join(tempDir(), 'library.sqlite'), {
        host: 'desktop',
        underCurrentRules: true,
      })
      const { gameId } = await api.importGame(text)
      expect(await exported(api, gameId)).toBe(text)
      expect(events(api, gameId).every((event) => event.host === undefined)).toBe(true)
      expect(await api.verifyGame(gameId)).toMatchObject({ ok: true })
      await api.close()
    })
  }

  it('a database written before the host column upgrades with every hash as it was, then records hosts', async () => {
    // The schema as it stood at version 5: the migrations before this one.
    const before = join(tempDir(), 'migrations')
    mkdirSync(before)
    for (const name of readdirSync(defaultMigrationsDir()).filter((n) => n < '0006'))
      copyFileSync(join(defaultMigrationsDir(), name), join(before, name))
    // Written as an Arbiter of that version wrote it: rows chained without a host.
    const file = join(tempDir(), 'old.sqlite')
    const old = new Database(file)
    migrate(old, before)
    expect(old.pragma('user_version', { simple: true })).toBe(5)
    old
      .prepare(
        'INSERT INTO games (game_id, ruleset, variant, catalogue_hash, title, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run('g1', 'classic', 'classic', 'c'.repeat(64), null, '2024-05-01T10:00:00Z')
    const insert = old.prepare(
      `INSERT INTO events (game_id, seq, type, v, at, actor, rules_version, payload, prev_hash, hash)
       VALUES (?, ?, 'Note', 1, '2024-05-01T10:00:00Z', 'p1', 'r1', ?, ?, ?)`,
    )
    const hashes: string[] = []
    let prevHash = GENESIS_HASH
    for (let seq = 1; seq <= 250; seq++) {
      const payload = canonicalJson({ text: `note ${seq} "quoted" é` })
      const fields = {
        seq,
        gameId: 'g1',
        type: 'Note',
        v: 1,
        at: '2024-05-01T10:00:00Z',
        actor: 'p1',
        rulesVersion: 'r1',
      }
      const hash = sha256Hex(chainText(prevHash, fields, payload))
      insert.run('g1', seq, payload, prevHash, hash)
      hashes.push(hash)
      prevHash = hash
    }
    old.close()
    const note: UnchainedEvent = {
      gameId: 'g1',
      type: 'Note',
      v: 1,
      at: '2024-05-01T10:00:00Z',
      actor: 'p1',
      host: 'cli',
      rulesVersion: 'r1',
      payload: { text: 'after the upgrade' },
    }

    const store = EventStore.open(file)
    expect(new Database(file, { readonly: true }).pragma('user_version', { simple: true })).toBe(6)
    expect([...store.readEvents('g1', { verify: true })].map((event) => event.hash)).toEqual(hashes)
    expect(store.verifyGame('g1')).toMatchObject({ ok: true, events: 250 })
    const [added] = store.append('g1', 250, [note])
    expect(added).toMatchObject({ seq: 251, host: 'cli', prevHash: hashes.at(-1) })
    expect(store.verifyGame('g1')).toMatchObject({ ok: true, events: 251 })
    store.close()
  })
})

describe('an event recorded through a host', () => {
  it('keeps the host in its hashed envelope, its export, an import elsewhere and the replay', async () => {
    const { api, gameId } = await recorded('cli')
    const stored = events(api, gameId)
    expect(stored.map((event) => event.host)).toEqual(['cli', 'cli', 'cli'])
    for (const event of stored) {
      const { prevHash, hash, payload, ...fields } = event
      const text = chainText(prevHash, fields, canonicalJson(payload))
      // The canonical JSON of the envelope without its hashes: host in its sorted place.
      expect(text).toBe(prevHash + canonicalJson({ ...fields, payload }))
      expect(text).toContain(`"gameId":${JSON.stringify(gameId)},"host":"cli","payload":`)
      expect(sha256Hex(text)).toBe(hash)
      const { host: _host, ...withoutHost } = fields
      expect(sha256Hex(chainText(prevHash, withoutHost, canonicalJson(payload)))).not.toBe(hash)
    }
    const text = await exported(api, gameId)
    expect(text.split('\n').filter((line) => line.includes('"host":"cli"'))).toHaveLength(3)

    const elsewhere = await LocalGameApi.open(join(tempDir(), 'other.sqlite'), { host: 'desktop' })
    await elsewhere.importGame(text)
    expect(events(elsewhere, gameId).map((event) => event.host)).toEqual(['cli', 'cli', 'cli'])
    const steps: readonly StepView[] = (await elsewhere.replay(gameId)).steps
    expect(steps.map((step) => step.host)).toEqual(['cli', 'cli', 'cli'])
    // Its own events are kept as its own.
    const next = await elsewhere.append(gameId, { type: 'Note', actor: 'red', payload: { text: 'on the desktop' } })
    expect(next.host).toBe('desktop')
    expect(await elsewhere.verifyGame(gameId)).toMatchObject({ ok: true, events: 4 })
    await elsewhere.close()
    await api.close()
  })

  it('is hashed: changing, adding or removing a stored host breaks the chain at its seq', async () => {
    const { api, gameId, file } = await recorded('cli')
    await api.close()
    for (const [edit, host] of [
      ['changed', `'desktop'`],
      ['removed', 'NULL'],
    ] as const) {
      const copy = join(tempDir(), `${edit}.sqlite`)
      copyFileSync(file, copy)
      tamper(copy, (raw) => raw.prepare(`UPDATE events SET host = ${host} WHERE game_id = ? AND seq = 2`).run(gameId))
      const { code, out } = await run('verify', '--db', copy, '--game', gameId)
      expect(code, edit).toBe(1)
      expect(out, edit).toContain(`BROKEN game ${gameId}: seq 2: hash does not match the stored content`)
    }
    const { api: bare, gameId: old, file: bareFile } = await recorded()
    await bare.close()
    tamper(bareFile, (raw) => raw.prepare(`UPDATE events SET host = 'cli' WHERE game_id = ? AND seq = 3`).run(old))
    expect((await run('verify', '--db', bareFile, '--game', old)).out).toContain(`seq 3: hash does not match`)
  })

  it('a malformed host is refused by import, by verify of the file, and by verify of a database, even re-hashed', async () => {
    const { api, gameId, file } = await recorded('cli')
    const text = await exported(api, gameId)
    await api.close()
    for (const host of ['CLI', '', 'cli\u001b[2J', 5, 'a'.repeat(41)]) {
      const lines = text.trimEnd().split('\n')
      const forged = lines.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>)
      forged[1]!.host = host
      rechain(forged as Parameters<typeof rechain>[0])
      const closing = `{"arbiterExport":{"events":3,"gameId":"${gameId}","head":"${String(forged[2]!.hash)}"}}`
      const file = `${[...forged.map((event) => canonicalJson(event)), closing].join('\n')}\n`
      const target = await LocalGameApi.open(join(tempDir(), 'import.sqlite'))
      await expect(target.importGame(file), JSON.stringify(host)).rejects.toMatchObject({
        message: expect.stringMatching(/^line 2 \(seq 2\): .*host/),
      })
      expect(await target.listGames()).toEqual([])
      await target.close()
      expect(await verifyExportedGame(file)).toMatchObject({ ok: false, line: 2 })
    }
    // Around the column's own check, and re-hashed: verify --db replays it and names it.
    tamper(file, (raw) => {
      raw.pragma('ignore_check_constraints = ON')
      raw.prepare(`UPDATE events SET host = 'Cli' WHERE game_id = ? AND seq = 2`).run(gameId)
      rehashFrom(raw, gameId, 2)
    })
    const { code, out } = await run('verify', '--db', file, '--game', gameId)
    expect(code).toBe(1)
    expect(out).toContain(`BROKEN game ${gameId}: seq 2: host "Cli": a host names itself with at most 40 lowercase`)
  })
})

describe('each host names itself to its GameApi', () => {
  it('the command line records as cli and replay shows it', async () => {
    const db = join(tempDir(), 'cli.sqlite')
    const made = await run('new', '--db', db, '--ruleset', 'classic', '--player', 'red=Red', '--player', 'blue=Blue')
    const gameId = made.out.trimEnd().split('\n').at(-1)!
    expect(made.code, made.err).toBe(0)
    const { out } = await run('replay', '--db', db, '--game', gameId)
    expect(out).toContain('#1 GameCreated (red via cli)')
    const json = await run('replay', '--db', db, '--game', gameId, '--json')
    expect(JSON.parse(json.out.trimEnd().split('\n')[0]!)).toMatchObject({ seq: 1, actor: 'red', host: 'cli' })
  })

  it('a second screen over the desktop’s GameApi records as itself, sharing its sessions and checks', async () => {
    const { api, gameId } = await recorded('desktop')
    const screen = api.forHost('second-screen')
    const fromScreen = await screen.append(gameId, { type: 'Note', actor: 'blue', payload: { text: 'from the phone' } })
    const fromWindow = await api.append(gameId, { type: 'Note', actor: 'red', payload: { text: 'at the table' } }, 4)
    expect([fromScreen.host, fromWindow.host]).toEqual(['second-screen', 'desktop'])
    expect((await screen.status(gameId)).seq).toBe(5)
    expect(events(api, gameId).map((event) => event.host)).toEqual([
      'desktop',
      'desktop',
      'desktop',
      'second-screen',
      'desktop',
    ])
    expect(() => api.forHost('Second Screen')).toThrow(/host "Second Screen": a host names itself/)
    await expect(LocalGameApi.open(join(tempDir(), 'x.sqlite'), { host: 'cli;rm' })).rejects.toMatchObject({
      code: 'api/bad-arguments',
    })
    await api.close()
  })

  it('npm run serve records as web', async () => {
    const quiet = new Writable({ write: (_chunk, _encoding, done) => done() })
    const { host, api } = await serveWeb({ db: join(tempDir(), 'web.sqlite'), port: 0, host: '127.0.0.1' }, quiet)
    const { step } = await api.createGame({ ruleset: 'classic', players: PLAYERS, actor: 'red' })
    expect(step.host).toBe('web')
    await host.close()
    await api.close()
  })
})
