import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeChunks } from '../../core/cli/files.js'
import { useTempDir } from '../helpers/temp.js'

/** `writeChunks` (an export or a report written to --out): whole files, and no listener left behind per chunk. */
describe('writeChunks', () => {
  const tempDir = useTempDir()

  it('writes many chunks that fill the stream without piling listeners on it (no MaxListenersExceededWarning)', async () => {
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.name)
    process.on('warning', onWarning)
    try {
      const file = join(tempDir(), 'big.txt')
      const chunk = 'x'.repeat(64 * 1024)
      // Each chunk fills the stream's buffer, so each waits for a drain: 300 waits, far above the 10 listeners warned at.
      await writeChunks(
        file,
        (function* () {
          for (let i = 0; i < 300; i++) yield chunk
        })(),
      )
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(statSync(file).size).toBe(300 * chunk.length)
      expect(readFileSync(file, 'utf8').slice(0, 3)).toBe('xxx')
      expect(warnings).toEqual([])
    } finally {
      process.off('warning', onWarning)
    }
  })
})
