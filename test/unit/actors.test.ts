import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { EventEnvelope } from '../../core/events/index.js'
import { rechain, run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

const unit = (id: string, name: string) => ({
  id,
  name,
  troopType: 'infantry',
  models: 10,
  profile: { M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 },
  gear: ['hand-weapon'],
})

/** A game of empire and chaos, both mustered, in close combat with a roll owed to chaos. */
async function game(dir: string) {
  const db = join(dir, 'battle.sqlite')
  const created = await run('new', '--db', db, '--player', 'empire=The Empire', '--player', 'chaos=Warriors of Chaos')
  expect(created.code).toBe(0)
  const gameId = created.out.trimEnd().split('\n').at(-1) as string
  const at = ['--db', db, '--game', gameId]
  const army = (player: string, units: object[]) => {
    const file = join(dir, `${player}.json`)
    writeFileSync(file, JSON.stringify({ player, units }))
    return file
  }
  const empire = army('empire', [unit('swordsmen', 'Empire Swordsmen')])
  const chaos = army('chaos', [unit('warriors', 'Chaos Warriors')])
  expect((await run('muster', empire, ...at)).code).toBe(0)
  return { db, gameId, at, chaos, army }
}

/** The game's head, read as a reader does: the command that was refused must have written nothing. */
async function head(at: string[]): Promise<string> {
  const result = await run('verify', ...at)
  expect(result.code).toBe(0)
  return result.out
}

describe('every actor is a player entitled to the event', () => {
  it('new --as a stranger is refused and no database is made', async () => {
    const db = join(tempDir(), 'g.sqlite')
    const result = await run('new', '--db', db, '--player', 'empire', '--player', 'chaos', '--as', 'mallory')
    expect(result.code).toBe(1)
    expect(result.err).toContain(
      'engine/not-a-player: seq 1: GameCreated is recorded by "mallory", who is not one of its players (empire, chaos)',
    )
    expect(existsSync(db)).toBe(false)
  })

  it('muster --as another player of their army is refused', async () => {
    const { at, chaos } = await game(tempDir())
    const before = await head(at)
    const result = await run('muster', chaos, ...at, '--as', 'empire')
    expect(result.code).toBe(1)
    expect(result.err).toContain(
      "engine/not-entitled: seq 3: ArmyMustered of chaos's army is chaos's to record, not empire's",
    )
    expect(await head(at)).toBe(before)
  })

  it('declare Note --as a stranger is refused', async () => {
    const { at } = await game(tempDir())
    const before = await head(at)
    const result = await run('declare', 'Note', '--text', 'the dice were loaded', ...at, '--as', 'mallory')
    expect(result.code).toBe(1)
    expect(result.err).toContain('engine/not-a-player: seq 3: Note is recorded by "mallory", who is not a player')
    expect(await head(at)).toBe(before)
  })

  it("roll --as the opponent is refused: a request is its roller's to answer", async () => {
    const { at, chaos } = await game(tempDir())
    expect((await run('muster', chaos, ...at)).code).toBe(0)
    for (const argv of [
      ['declare', 'TurnStarted', '--turn', '1', '--player', 'chaos'],
      ['declare', 'PhaseStarted', '--phase', 'close-combat'],
      ['declare', 'MeleeAttacksDeclared', '--attacker', 'warriors', '--target', 'swordsmen', '--models', '5'],
    ])
      expect((await run(...argv, ...at, '--as', 'chaos')).code).toBe(0)
    const status = JSON.parse((await run('status', ...at, '--json')).out) as {
      openRequests: { id: string; roller: string; count: number }[]
    }
    const request = status.openRequests[0] as { id: string; roller: string; count: number }
    expect(request.roller).toBe('chaos')
    const faces = Array.from({ length: request.count }, () => '4')
    const before = await head(at)
    const refused = await run('roll', request.id, ...faces, ...at, '--as', 'empire')
    expect(refused.code).toBe(1)
    expect(refused.err).toContain(
      `engine/not-entitled: seq 7: the answer to request ${request.id} (a roll) is chaos's to record`,
    )
    const app = await run('roll', request.id, '--app', ...at, '--as', 'empire')
    expect(app.code).toBe(1)
    expect(await head(at)).toBe(before)
    expect((await run('roll', request.id, ...faces, ...at)).code).toBe(0)
  })

  it('two units with one id in one muster are refused', async () => {
    const dir = tempDir()
    const { at, army } = await game(dir)
    const before = await head(at)
    const twice = army('chaos', [unit('warriors', 'Chaos Warriors'), unit('warriors', 'Chaos Knights')])
    const result = await run('muster', twice, ...at)
    expect(result.code).toBe(1)
    expect(result.err).toContain('engine/duplicate-unit')
    expect(result.err).toContain('"warriors"')
    expect(await head(at)).toBe(before)
  })

  it('an imported event whose actor is no player is refused, and nothing is stored', async () => {
    const dir = tempDir()
    const { at } = await game(dir)
    expect((await run('declare', 'Note', '--text', 'ready', ...at, '--as', 'chaos')).code).toBe(0)
    const file = join(dir, 'g.jsonl')
    expect((await run('export', ...at, '--out', file)).code).toBe(0)
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n')
    const events = lines
      .slice(0, -1)
      .map((line) => JSON.parse(line) as { -readonly [K in keyof EventEnvelope]: EventEnvelope[K] })
    ;(events[2] as { actor: string }).actor = 'mallory'
    rechain(events)
    const last = events.at(-1) as EventEnvelope
    const closing = JSON.stringify({ arbiterExport: { events: events.length, gameId: last.gameId, head: last.hash } })
    writeFileSync(file, `${[...events.map((e) => JSON.stringify(e)), closing].join('\n')}\n`)
    const other = join(dir, 'other.sqlite')
    const result = await run('import', '--db', other, file)
    expect(result.code).toBe(1)
    expect(result.err).toContain(
      'import/bad-line: line 3 (seq 3): seq 3: Note is recorded by "mallory", who is not a player',
    )
    expect(existsSync(other)).toBe(false)
  })
})
