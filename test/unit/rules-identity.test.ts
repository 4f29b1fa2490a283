import { spawnSync } from 'node:child_process'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  catalogueDataHash,
  catalogueHash,
  LocalGameApi,
  RULES_CODE_DIGEST,
  rulesIdentity,
  snapshotKey,
} from '../../core/api/index.js'
import type { EventEnvelope } from '../../core/events/index.js'
import { canonicalJson, chainText, GENESIS_HASH } from '../../core/events/index.js'
import { classic } from '../../core/rules/classic/index.js'
import { toJsonl } from '../../core/store/jsonl.js'
import { sha256Hex } from '../../core/store/sha256.js'
import { classicCombat, openApi } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()
const repo = resolve(import.meta.dirname, '../..')
const script = join(repo, 'scripts/rules-digest.mjs')

/** The digest script's own function, on a copy of the digested folders (imported: it is plain ESM). */
async function digestOf(base: string): Promise<string> {
  const { rulesCodeDigest } = (await import(script)) as { rulesCodeDigest: (base: string) => { digest: string } }
  return rulesCodeDigest(base).digest
}

/** A copy of the folders the digest covers, to change one file of. */
function copyOfRules(): string {
  const dir = tempDir()
  for (const folder of ['core/engine', 'core/rules', 'core/explain'])
    cpSync(join(repo, folder), join(dir, folder), { recursive: true })
  return dir
}

/** A game's events re-chained as if GameCreated had pinned `hash`. */
function rechained(events: readonly EventEnvelope[], hash: string): string {
  let prevHash = GENESIS_HASH
  return toJsonl(
    events.map((event) => {
      const payload =
        event.type === 'GameCreated' ? { ...(event.payload as object), catalogueHash: hash } : event.payload
      const body = { ...event, payload, prevHash, rulesVersion: `classic/classic@${hash}` }
      const own = sha256Hex(chainText(prevHash, body, canonicalJson(payload)))
      prevHash = own
      return { ...body, hash: own }
    }),
  )
}

async function playedGame(): Promise<EventEnvelope[]> {
  const api = await openApi(tempDir())
  const gameId = await classicCombat(api)
  const events = [...api.store.readEvents(gameId)]
  await api.close()
  return events
}

describe('rules identity', () => {
  it('the digest module is the digest of the sources as they are (npm run build writes it)', () => {
    const check = spawnSync(process.execPath, [script, '--check'], { cwd: repo, encoding: 'utf8' })
    expect(check.stderr).toBe('')
    expect(check.status).toBe(0)
    expect(readFileSync(join(repo, 'core/api/rules-digest.ts'), 'utf8')).toContain(RULES_CODE_DIGEST)
  })

  it('what a rule does is part of the digest; its comments are not', async () => {
    const base = copyOfRules()
    const before = await digestOf(base)
    expect(before).toBe(RULES_CODE_DIGEST)
    const shield = join(base, 'core/rules/classic/entries/shield.ts')
    const text = readFileSync(shield, 'utf8')
    writeFileSync(shield, `// a comment says nothing the rule does\n${text}`)
    expect(await digestOf(base)).toBe(before)
    const changed = text.replace(/-Number\(held\.params\.improves\)/, '-Number(held.params.improves) - 1')
    expect(changed).not.toBe(text)
    writeFileSync(shield, changed)
    expect(await digestOf(base)).not.toBe(before)
  })

  it('GameCreated pins the identity of catalogue and code, and snapshots are keyed by it', () => {
    const identity = rulesIdentity(classic)
    expect(catalogueHash(classic)).toBe(identity)
    expect(identity).toBe(sha256Hex(canonicalJson({ catalogue: catalogueDataHash(classic), code: RULES_CODE_DIGEST })))
    expect(identity).not.toBe(catalogueDataHash(classic))
    expect(snapshotKey(identity)).toBe(`rules@${identity}`)
  })

  it('a game recorded before the identity covered the code opens when its catalogue data is this one', async () => {
    const text = rechained(await playedGame(), catalogueDataHash(classic))
    const api = await LocalGameApi.open(join(tempDir(), 'older.sqlite'))
    const { gameId } = await api.importGame(text)
    expect((await api.replay(gameId)).view?.seq).toBe(5)
    expect((await api.openGame(gameId)).seq).toBe(5)
    await api.close()
  })

  it('a game whose rules have changed since says so plainly, and what --current-rules would do', async () => {
    const other = 'e'.repeat(64)
    const text = rechained(await playedGame(), other)
    const strict = await LocalGameApi.open(join(tempDir(), 'strict.sqlite'))
    const refusal = strict.importGame(text)
    await expect(refusal).rejects.toMatchObject({ code: 'api/catalogue-mismatch' })
    const message = ((await refusal.catch((error: Error) => error)) as Error).message
    expect(message).toContain('the rules have changed since this game was played')
    expect(message).toContain(`classic rules ${other.slice(0, 12)}`)
    expect(message).toContain(`this Arbiter runs classic rules ${rulesIdentity(classic).slice(0, 12)}`)
    expect(message).toMatch(/--current-rules replays it under the current rules on purpose/)
    await strict.close()
    const lenient = await LocalGameApi.open(join(tempDir(), 'lenient.sqlite'), { underCurrentRules: true })
    const { gameId } = await lenient.importGame(text)
    expect((await lenient.replay(gameId)).view?.seq).toBe(5)
    await lenient.close()
  })
})
