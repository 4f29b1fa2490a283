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
  it('new, muster, declare, roll and status record the fight; its replay matches the hand computation', async () => {
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

    const declared = await arbiter(
      'declare',
      'MeleeAttacksDeclared',
      '--attacker',
      'warriors',
      '--target',
      'swordsmen',
      '--models',
      '5',
      ...game,
      '--as',
      'chaos',
    )
    expect(declared.code, declared.err).toBe(0)
    expect(declared.out).toContain('-> request 6.1: Chaos Warriors: roll 5 D6 to hit Empire Swordsmen, 3+')
    expect(declared.out).toMatch(
      /WS 5 vs .*WS 4: the attacker's is higher.* 3\+ \(classic\/to-hit-close-combat §chart\)/,
    )
    expect(declared.out).toContain(`npx arbiter roll 6.1 FACES… --db ${db} --game ${gameId} --as chaos`)

    const owed = await arbiter('status', ...game)
    expect(owed.code).toBe(0)
    expect(owed.out).toContain('turn 1 (chaos to play), close-combat phase')
    expect(owed.out).toContain('request 6.1 (chaos): Chaos Warriors: roll 5 D6 to hit Empire Swordsmen, 3+')
    expect(owed.out).toContain('nothing can be declared until the open requests are answered')

    // The rolls default to the player each request names (chaos to hit and wound, empire to save).
    for (const faces of [
      ['6.1', '6', '2', '3', '5', '1'],
      ['7.1', '4', '2', '6'],
      ['8.1', '6', '4'],
    ]) {
      const rolled = await arbiter('roll', ...faces, ...game)
      expect(rolled.code, rolled.err).toBe(0)
    }

    const settled = await arbiter('status', ...game)
    expect(settled.out).toContain('no roll or choice is owed')
    expect(settled.out).toMatch(/can declare now: .*MeleeAttacksDeclared.*, TurnStarted, PhaseStarted, Note\n/)

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
      [6, 'MeleeAttacksDeclared', 'chaos'],
      [7, 'DiceRolled', 'chaos'],
      [8, 'DiceRolled', 'chaos'],
      [9, 'DiceRolled', 'empire'],
    ])

    // By hand, classic rules:
    // To hit (WS chart): Chaos Warriors WS 5 against Empire Swordsmen WS 4; the attacker's WS is
    //   higher, so 3+. Five models in contact x A 1 = 5 dice: 6, 2, 3, 5, 1 -> 6, 3, 5 hit = 3 hits.
    expect(steps[5]?.requests[0]).toMatchObject({ id: '6.1', purpose: 'to-hit', count: 5, need: 3, roller: 'chaos' })
    expect(steps[6]?.outcomes[0]?.values).toMatchObject({ attacks: 5, need: 3, hits: 3 })
    // To wound (S vs T chart): hand weapon, so S 4 (the wielder's) against T 3: S is one higher -> 3+.
    //   3 dice: 4, 2, 6 -> 4 and 6 wound = 2 wounds.
    expect(steps[6]?.requests[0]).toMatchObject({ id: '7.1', purpose: 'to-wound', count: 3, need: 3 })
    expect(steps[7]?.outcomes[0]?.values).toMatchObject({ hits: 3, need: 3, wounds: 2 })
    // Armour: light armour 6+, shield +1 -> 5+, Strength 4 worsens it by 1 (S - 3) -> 6+.
    //   The Swordsmen roll 2 dice: 6, 4 -> 1 saved, 1 unsaved; W 1, so 1 model removed: 10 -> 9.
    expect(steps[7]?.requests[0]).toMatchObject({ id: '8.1', purpose: 'armour-save', count: 2, need: 6 })
    expect(steps[7]?.requests[0]?.roller).toBe('empire')
    expect(steps[8]?.outcomes.map((o) => o.values)).toContainEqual(expect.objectContaining({ removed: 1 }))
    const text = await arbiter('replay', ...game)
    expect(text.out).toContain('#9 DiceRolled (empire): Empire Swordsmen loses 1 model (10 -> 9)')
    expect(text.out.trimEnd().split('\n').at(-1)).toBe('replayed 9 events; no request is open')
  })
})
