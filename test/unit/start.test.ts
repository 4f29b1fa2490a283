import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()
const root = resolve(import.meta.dirname, '..', '..')

/** The lines a child prints until `count` lines have come. */
function firstLines(child: ReturnType<typeof spawn>, count: number): Promise<string[]> {
  return new Promise((resolveLines, reject) => {
    let text = ''
    child.stdout!.setEncoding('utf8')
    child.stdout!.on('data', (chunk: string) => {
      text += chunk
      const lines = text.split('\n')
      if (lines.length > count) resolveLines(lines.slice(0, count))
    })
    child.on('exit', (code) => reject(new Error(`exited ${code} after printing ${JSON.stringify(text)}`)))
  })
}

describe('npm start where no window can open', () => {
  it.runIf(process.platform === 'linux' && existsSync(join(root, 'dist', 'electron', 'serve.js')))(
    'says why in one line, then starts the web host and prints its address',
    async () => {
      const home = tempDir()
      const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
        cwd: root,
        env: { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '', XDG_CONFIG_HOME: home },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      try {
        const [why, address] = await firstLines(child, 2)
        expect(why).toBe('There is no display to open a window on: starting the web host instead.')
        expect(address).toMatch(/^Arbiter is at http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+$/)
        const url = address!.slice('Arbiter is at '.length)
        expect((await fetch(`${new URL(url).origin}/api/listGames`, { method: 'POST' })).status).toBe(401)
        const listed = await fetch(`${new URL(url).origin}/api/listGames`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${new URL(url).searchParams.get('token')}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ args: [] }),
        })
        expect(await listed.json()).toEqual({ ok: true, value: [] })
        // The library is the desktop app's, in the data folder.
        expect(existsSync(join(home, 'Arbiter', 'library.sqlite'))).toBe(true)
      } finally {
        child.kill('SIGTERM')
      }
    },
  )
})
