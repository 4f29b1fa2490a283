import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()
const bin = join(process.cwd(), 'bin', 'arbiter.js')

/** The real command line, as a user runs it: `bin/arbiter.js` over the built `dist/`. */
async function arbiter(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...argv])
    return { code: 0, out: stdout, err: stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, out: failed.stdout, err: failed.stderr }
  }
}

/** The army files of the README's "Record your own battle", read from the README itself. */
function readmeArmies(): { empire: string; chaos: string } {
  const section = readFileSync(join(process.cwd(), 'README.md'), 'utf8').split('## Record your own battle')[1] ?? ''
  const blocks = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1] as string)
  const byPlayer = Object.fromEntries(blocks.map((b) => [(JSON.parse(b) as { player: string }).player, b]))
  return { empire: byPlayer.empire as string, chaos: byPlayer.chaos as string }
}

interface JsonStep {
  seq: number
  type: string
  actor: string
  outcomes: { kind: string; values: Record<string, unknown> }[]
  requests: { id: string; purpose: string; count: number; need: number; roller: string }[]
}

describe("the README's walkthrough, recorded from the command line", () => {
  it('new, muster, declare, roll, choose and status record a combat round; its replay matches the hand computation', async () => {
    const dir = tempDir()
    const db = join(dir, 'battle.sqlite')
    const armies = readmeArmies()
    writeFileSync(join(dir, 'empire.json'), armies.empire)
    writeFileSync(join(dir, 'chaos.json'), armies.chaos)

    const created = await arbiter(
      'new',
      '--db',
      db,
      '--player',
      'empire=The Empire',
      '--player',
      'chaos=Warriors of Chaos',
      '--title',
      'Bridge at Kemperbad',
    )
    expect(created.code, created.err).toBe(0)
    const gameId = created.out.trimEnd().split('\n').at(-1) as string
    expect(gameId).toMatch(/^[0-9a-f-]{36}$/)
    const game = ['--db', db, '--game', gameId]

    for (const argv of [
      ['muster', join(dir, 'empire.json'), ...game],
      ['muster', join(dir, 'chaos.json'), ...game],
      ['declare', 'TurnStarted', '--turn', '1', '--player', 'chaos', ...game, '--as', 'chaos'],
      ['declare', 'PhaseStarted', '--phase', 'close-combat', ...game, '--as', 'chaos'],
    ]) {
      const result = await arbiter(...argv)
      expect(result.code, `${argv.join(' ')}: ${result.err}`).toBe(0)
    }

    const joined = {
      combat: 'bridge',
      sides: [
        { player: 'empire', units: [{ unit: 'swordsmen' }] },
        { player: 'chaos', units: [{ unit: 'warriors', charged: true }] },
      ],
      contact: [
        { unit: 'swordsmen', models: 5 },
        { unit: 'warriors', models: 5 },
      ],
    }
    const declared = await arbiter(
      'declare',
      'CombatJoined',
      ...game,
      '--as',
      'chaos',
      '--json',
      JSON.stringify(joined),
    )
    expect(declared.code, declared.err).toBe(0)
    expect(declared.out).toContain('strike order: 1. Chaos Warriors; 2. Empire Swordsmen')
    expect(declared.out).toContain('-> request 6.1: Chaos Warriors: roll 5 D6 to hit Empire Swordsmen, 3+')
    expect(declared.out).toMatch(/WS 5 vs WS 4: the attacker's is higher: 3\+ \(classic\/to-hit-close-combat §chart\)/)
    expect(declared.out).toContain(`node bin/arbiter.js roll 6.1 FACES… --db ${db} --game ${gameId} --as chaos`)

    const owed = await arbiter('status', ...game)
    expect(owed.code).toBe(0)
    expect(owed.out).toContain('turn 1 (chaos to play), close-combat phase')
    expect(owed.out).toContain('request 6.1 (chaos): Chaos Warriors: roll 5 D6 to hit Empire Swordsmen, 3+')
    expect(owed.out).toContain('nothing can be declared until the open requests are answered')

    // The rolls default to the player each request names; the choice to the player it asks.
    for (const argv of [
      ['roll', '6.1', '6', '2', '3', '5', '1'],
      ['roll', '7.1', '4', '2', '6'],
      ['roll', '8.1', '6', '4'],
      ['roll', '9.1', '4', '4', '1', '2'],
      ['roll', '10.1', '5', '3'],
      ['roll', '11.1', '2'],
      ['roll', '12.1', '3', '4'],
      ['roll', '13.1', '2', '5'],
      ['choose', '14.1', 'pursue'],
      ['roll', '15.1', '6', '3'],
    ]) {
      const answered = await arbiter(...argv, ...game)
      expect(answered.code, `${argv.join(' ')}: ${answered.err}`).toBe(0)
    }

    const settled = await arbiter('status', ...game)
    expect(settled.out).toContain('no roll or choice is owed')
    expect(settled.out).toMatch(/can declare now: .*CombatJoined.*, TurnStarted, PhaseStarted, Note\n/)

    const replay = await arbiter('replay', ...game, '--json')
    expect(replay.code).toBe(0)
    const steps = replay.out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as JsonStep)
    expect(steps.map((s) => [s.seq, s.type, s.actor])).toEqual([
      [1, 'GameCreated', 'empire'],
      [2, 'ArmyMustered', 'empire'],
      [3, 'ArmyMustered', 'chaos'],
      [4, 'TurnStarted', 'chaos'],
      [5, 'PhaseStarted', 'chaos'],
      [6, 'CombatJoined', 'chaos'],
      [7, 'DiceRolled', 'chaos'],
      [8, 'DiceRolled', 'chaos'],
      [9, 'DiceRolled', 'empire'],
      [10, 'DiceRolled', 'empire'],
      [11, 'DiceRolled', 'empire'],
      [12, 'DiceRolled', 'chaos'],
      [13, 'DiceRolled', 'chaos'],
      [14, 'DiceRolled', 'chaos'],
      [15, 'ChoiceMade', 'empire'],
      [16, 'DiceRolled', 'empire'],
    ])
    const values = (seq: number, kind: string) =>
      steps[seq - 1]?.outcomes.find((o) => o.kind === kind)?.values as Record<string, unknown> | undefined

    // By hand, classic rules (the seed's 7th-edition conventions):
    // Strike order: the Chaos Warriors charged, so they strike first in round 1 (variants §charge-bonus).
    expect(values(6, 'strike-order')).toMatchObject({ steps: [['warriors'], ['swordsmen']] })
    // To hit: WS 5 against WS 4 -> 3+. 5 models x A 1 = 5 dice: 6, 2, 3, 5, 1 -> 3 hits.
    expect(steps[5]?.requests[0]).toMatchObject({ id: '6.1', purpose: 'to-hit', count: 5, need: 3, roller: 'chaos' })
    expect(values(7, 'hits')).toMatchObject({ attacks: 5, need: 3, hits: 3 })
    // To wound: S 4 against T 3 -> 3+: 4, 2, 6 -> 2 wounds.
    expect(values(8, 'wounds')).toMatchObject({ hits: 3, need: 3, wounds: 2 })
    // Save: light armour 6+, shield -> 5+, S 4 worsens it by 1 -> 6+: 6, 4 -> 1 unsaved; 15 -> 14.
    expect(steps[7]?.requests[0]).toMatchObject({
      id: '8.1',
      purpose: 'armour-save',
      count: 2,
      need: 6,
      roller: 'empire',
    })
    expect(values(9, 'casualties')).toMatchObject({ unit: 'swordsmen', removed: 1, modelsLeft: 14 })
    // Swordsmen: 5 in contact, 1 slain -> 4 attacks; WS 4 against WS 5 -> 4+: 4, 4, 1, 2 -> 2 hits.
    expect(steps[8]?.requests[0]).toMatchObject({ id: '9.1', purpose: 'to-hit', count: 4, need: 4, roller: 'empire' })
    // S 3 against T 4 -> 5+: 5, 3 -> 1 wound. Heavy armour 5+, shield -> 4+: a 2 fails; 10 -> 9.
    expect(steps[10]?.requests[0]).toMatchObject({ id: '11.1', purpose: 'armour-save', count: 1, need: 4 })
    expect(values(12, 'casualties')).toMatchObject({ unit: 'warriors', removed: 1, modelsLeft: 9 })
    // Combat result (ranks counted as the round began, five wide): Empire 1 wound + 2 (15 models: 3
    // ranks of five) + outnumbering 1 (Unit Strength 14 against 9) + standard 1 = 5. Chaos 1 wound
    // + 1 (10 models: 2 ranks) = 2. The Empire wins by 3.
    expect(values(12, 'combat-result')).toMatchObject({
      scores: { empire: 5, chaos: 2 },
      winner: 'empire',
      difference: 3,
    })
    // Break test: Ld 8 - 3 = 5; 3 + 4 = 7 -> the Chaos Warriors break. They flee 2 + 5 = 7".
    expect(values(13, 'break-test')).toMatchObject({ unit: 'warriors', passed: false, roll: 7, leadership: 5 })
    expect(values(14, 'fled')).toMatchObject({ unit: 'warriors', roll: 7 })
    // The Swordsmen pursue 6 + 3 = 9 >= 7: caught and destroyed.
    expect(values(16, 'caught')).toMatchObject({ unit: 'warriors', by: 'swordsmen', modelsLost: 9 })
    const text = await arbiter('replay', ...game)
    expect(text.out).toContain('Empire Swordsmen catches Chaos Warriors (9 against 7): it is destroyed')
    expect(text.out.trimEnd().split('\n').at(-1)).toBe('replayed 16 events; no request is open')
  })
})
