import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { LocalGameApi } from '../../core/api/index.js'
import { startWebHost, type WebHost } from '../../electron/web-host.js'
import { openApi } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()
const running: { host: WebHost; api: LocalGameApi }[] = []
afterEach(async () => {
  for (const { host, api } of running.splice(0)) {
    await host.close()
    await api.close()
  }
})

describe('the web host and the page it serves', () => {
  it("the page's address sets a cookie that lets the page load its scripts; without it they are refused", async () => {
    const dir = tempDir()
    const rendererDir = join(dir, 'renderer')
    mkdirSync(join(rendererDir, 'assets'), { recursive: true })
    writeFileSync(
      join(rendererDir, 'index.html'),
      '<!doctype html><script type="module" src="./assets/app.js"></script>',
    )
    writeFileSync(join(rendererDir, 'assets', 'app.js'), 'export {}')
    const api = await openApi(dir)
    const host = await startWebHost({ api, rendererDir, port: 0 })
    running.push({ host, api })
    const base = `http://127.0.0.1:${host.port}`

    const page = await fetch(host.url)
    expect(page.status).toBe(200)
    const cookie = page.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Strict/i)

    expect((await fetch(`${base}/assets/app.js`)).status).toBe(401)
    const script = await fetch(`${base}/assets/app.js`, { headers: { cookie: cookie.split(';')[0]! } })
    expect(script.status).toBe(200)
    expect((await fetch(`${base}/assets/app.js`, { headers: { cookie: 'arbiter-token=wrong' } })).status).toBe(401)
  })
})
