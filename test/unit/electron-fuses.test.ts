import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The fuses of the packaged app (package.json `build.electronFuses`), read by the installed
 * electron-builder itself: its schema accepts the configuration, and the fuse wire it would flip
 * (its own `generateFuseConfig`, named by @electron/fuses) is the one wanted. No Electron binary.
 */
const root = resolve(import.meta.dirname, '..', '..')
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { build: Record<string, unknown> }
// electron-builder's own copies of its library and of @electron/fuses, as `npm run dist` loads them.
const fromBuilder = createRequire(createRequire(join(root, 'package.json')).resolve('electron-builder'))

describe('the fuses of the packaged app', () => {
  it('electron-builder accepts the build configuration, fuses included', async () => {
    const { validateConfiguration } = fromBuilder('app-builder-lib/out/util/config/config.js')
    const { DebugLogger } = fromBuilder('builder-util')
    await expect(validateConfiguration(packageJson.build, new DebugLogger(false))).resolves.toBeUndefined()
    // The check can fail: a misspelt fuse is refused.
    await expect(
      validateConfiguration({ ...packageJson.build, electronFuses: { runAsNod: false } }, new DebugLogger(false)),
    ).rejects.toThrow(/electronFuses/)
  })

  it('turns off ELECTRON_RUN_AS_NODE, NODE_OPTIONS and --inspect; on cookie encryption, ASAR integrity, only app.asar', async () => {
    const { PlatformPackager } = fromBuilder('app-builder-lib')
    const { FuseV1Options } = fromBuilder('@electron/fuses')
    const wire = (await PlatformPackager.prototype.generateFuseConfig.call(
      {},
      packageJson.build.electronFuses,
    )) as Record<number, boolean>
    const flipped = Object.fromEntries(
      Object.entries(wire)
        .filter(([key]) => /^\d+$/.test(key))
        .map(([key, value]) => [FuseV1Options[Number(key)], value]),
    )
    expect(flipped).toEqual({
      RunAsNode: false,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableCookieEncryption: true,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
      GrantFileProtocolExtraPrivileges: false,
    })
    // Only-from-ASAR needs the app packed as an ASAR.
    expect(packageJson.build.asar).toBe(true)
  })
})
