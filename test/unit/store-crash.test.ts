import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventStore } from '../../core/store/index.js'
import { GAME_ID, notePayload } from '../fixtures/append-child.js'

const CHILD = resolve(import.meta.dirname, '../fixtures/append-child.ts')

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'arbiter-crash-'))
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** Runs the child until it has reported `count` more accepted appends, then SIGKILLs it. */
function runAndKill(
  dbPath: string,
  count: number,
): Promise<{ accepted: number[]; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dbPath], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let stderr = ''
    let seen = 0
    let killed = false
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      out += chunk
      seen += chunk.split('\n').length - 1
      if (!killed && seen >= count) {
        killed = true
        child.kill('SIGKILL')
      }
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (_code, signal) => {
      // only whole lines count: each was written after its append returned
      const accepted = out
        .split('\n')
        .slice(0, -1)
        .map((line) => {
          const match = /^accepted (\d+)$/.exec(line)
          if (match === null) throw new Error(`unexpected child output: ${line}`)
          return Number(match[1])
        })
      resolvePromise({ accepted, signal, stderr })
    })
  })
}

describe('crash safety', () => {
  it('keeps every accepted append, whole and verifiable, when the writer is SIGKILLed mid-loop', async () => {
    const dbPath = join(dir, 'crash.db')
    let lastAccepted = 0
    for (const count of [300, 457, 611]) {
      const { accepted, signal, stderr } = await runAndKill(dbPath, count)
      expect(signal, `the child should die by SIGKILL, stderr: ${stderr}`).toBe('SIGKILL')
      expect(accepted.length).toBeGreaterThanOrEqual(count)
      // the child continues the game the previous round left
      expect(accepted[0]).toBe(lastAccepted + 1)
      const maxAccepted = Math.max(...accepted)

      const store = EventStore.open(dbPath, { mustExist: true })
      try {
        expect(store.verifyGame(GAME_ID)).toEqual({ ok: true, events: store.head(GAME_ID).seq })
        const head = store.head(GAME_ID).seq
        // at most the one append that was in flight when the kill landed is there unreported
        expect(head).toBeGreaterThanOrEqual(maxAccepted)
        expect(head).toBeLessThanOrEqual(maxAccepted + 1)
        let seq = 0
        for (const event of store.readEvents(GAME_ID, { verify: true })) {
          seq++
          expect(event.seq).toBe(seq)
          expect(event.payload).toEqual(notePayload(seq))
        }
        expect(seq).toBe(head)
        const [last] = [...store.readEvents(GAME_ID, { fromSeq: head })]
        expect((last!.payload as { text: string }).text.endsWith('end')).toBe(true)
        lastAccepted = head
      } finally {
        store.close()
      }
    }
  })
})
