import { join } from 'node:path'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { userDataDir } from '../../electron/library-path.js'
import { parseServeArgs, serveWeb } from '../../electron/serve.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

function sink(): Writable & { text: () => string } {
  let text = ''
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk)
      done()
    },
  })
  return Object.assign(stream, { text: () => text })
}

describe('npm run serve', () => {
  it('listens on loopback and any free port unless told otherwise', () => {
    const options = parseServeArgs(['--db', 'games.sqlite'], sink())
    expect(options).toMatchObject({ host: '127.0.0.1', port: 0 })
    expect(options!.db).toMatch(/games\.sqlite$/)
    expect(parseServeArgs(['--host', '0.0.0.0', '--port', '8123'], sink())).toMatchObject({
      host: '0.0.0.0',
      port: 8123,
    })
  })

  it('refuses a bad port or an unknown flag with the usage line', () => {
    for (const argv of [['--port', 'eighty'], ['--port', '70000'], ['--verbose']]) {
      const stderr = sink()
      expect(parseServeArgs(argv, stderr)).toBeNull()
      expect(stderr.text()).toContain('usage: npm run serve -- [--db FILE] [--port N] [--host ADDR]')
    }
  })

  it('prints exactly one line: the address with its token', async () => {
    const stdout = sink()
    const { host, api } = await serveWeb({ db: join(tempDir(), 'library.sqlite'), port: 0, host: '127.0.0.1' }, stdout)
    expect(stdout.text()).toBe(`Arbiter is at http://127.0.0.1:${host.port}/?token=${host.token}\n`)
    expect(stdout.text()).toMatch(/^Arbiter is at http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+\n$/)
    await host.close()
    await api.close()
  })

  it('opens the desktop app’s library by default, in the folder Electron gives Arbiter', () => {
    expect(userDataDir('linux', { XDG_CONFIG_HOME: '/home/a/.config' })).toBe('/home/a/.config/Arbiter')
    expect(userDataDir('win32', { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' })).toMatch(/Roaming.Arbiter$/)
    expect(userDataDir('darwin', {})).toMatch(/Library.Application Support.Arbiter$/)
  })
})
