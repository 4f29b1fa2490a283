import { readFileSync } from 'node:fs'
import type { IpcMainInvokeEvent } from 'electron'
import { describe, expect, it } from 'vitest'
import { type GameApi, gameApiMethods } from '../../core/api/index.js'
import type { GameEventNotice } from '../../electron/dispatch.js'
import { type IpcRegistrar, registerGameApiIpc } from '../../electron/ipc.js'
import { channelOf, ipcChannels } from '../../electron/ipc-channels.js'
import { openApi } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

/**
 * Every GameApi method, spelled out: this record stops compiling when a method is added to or
 * removed from GameApi without it, so the comparisons below run against the interface itself.
 */
const everyGameApiMethod: Record<keyof GameApi, true> = {
  listGames: true,
  archiveGame: true,
  sampleGame: true,
  createGame: true,
  append: true,
  rollDice: true,
  undo: true,
  whatIf: true,
  audit: true,
  report: true,
  openGame: true,
  status: true,
  replay: true,
  verifyGame: true,
  signatures: true,
  exportGame: true,
  importGame: true,
  rulesets: true,
  catalogue: true,
  searchRules: true,
  troops: true,
  importList: true,
  saveLibraryUnit: true,
  libraryUnits: true,
  exportArmy: true,
  close: true,
}

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>

/** ipcMain without Electron: records what is registered and calls it like Electron would. */
function fakeIpcMain(): IpcRegistrar & { handlers: Map<string, Handler> } {
  const handlers = new Map<string, Handler>()
  return {
    handlers,
    handle: (channel: string, handler: Handler) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`)
      handlers.set(channel, handler)
    },
    removeHandler: (channel: string) => {
      handlers.delete(channel)
    },
  } as IpcRegistrar & { handlers: Map<string, Handler> }
}

const trusted = { sender: 'arbiter window' } as unknown as IpcMainInvokeEvent
const stranger = { sender: 'another page' } as unknown as IpcMainInvokeEvent

describe('Electron IPC whitelist', () => {
  it('has one channel per GameApi method, and no other', () => {
    const methods = Object.keys(everyGameApiMethod).sort()
    expect([...gameApiMethods].sort()).toEqual(methods)
    expect([...ipcChannels].sort()).toEqual(methods.map((method) => `arbiter:api:${method}`).sort())
  })

  it('main registers exactly the whitelist, and removes it again', async () => {
    const api = await openApi(tempDir())
    const ipcMain = fakeIpcMain()
    const { channels, unregister } = registerGameApiIpc(
      ipcMain,
      api,
      () => true,
      () => {},
    )
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...ipcChannels].sort())
    expect(channels.sort()).toEqual([...ipcChannels].sort())
    unregister()
    expect(ipcMain.handlers.size).toBe(0)
    await api.close()
  })

  it('the preload exposes every GameApi method, each on its own channel', () => {
    const source = readFileSync(new URL('../../electron/preload.ts', import.meta.url), 'utf8')
    const called = [...source.matchAll(/^ {2}(\w+): \([^)]*\) => call\('(\w+)'/gm)].map(([, key, method]) => {
      expect(key).toBe(method)
      return method
    })
    expect(called.sort()).toEqual(Object.keys(everyGameApiMethod).sort())
  })

  it('answers a call from Arbiter’s window, refuses another sender, and returns errors as data', async () => {
    const api = await openApi(tempDir())
    const ipcMain = fakeIpcMain()
    const notices: GameEventNotice[] = []
    registerGameApiIpc(
      ipcMain,
      api,
      (event) => event === trusted,
      (notice) => notices.push(notice),
    )
    const invoke = (event: IpcMainInvokeEvent, method: keyof GameApi, ...args: unknown[]) =>
      ipcMain.handlers.get(channelOf(method))!(event, ...args)

    const newGame = {
      ruleset: 'classic',
      players: [
        { id: 'p1', name: 'One' },
        { id: 'p2', name: 'Two' },
      ],
      actor: 'p1',
    }
    expect(await invoke(stranger, 'createGame', newGame)).toMatchObject({
      ok: false,
      error: { code: 'host/unauthorized' },
    })
    expect(await api.listGames()).toEqual([])

    const created = (await invoke(trusted, 'createGame', newGame)) as { ok: true; value: { gameId: string } }
    expect(created.ok).toBe(true)
    expect(notices).toEqual([{ gameId: created.value.gameId, seq: 1, type: 'GameCreated' }])

    expect(await invoke(trusted, 'openGame', created.value.gameId, 'ten')).toMatchObject({
      ok: false,
      error: { code: 'api/bad-arguments', message: expect.stringMatching(/^openGame: argument 2: /) },
    })
    expect(await invoke(trusted, 'status', 'no-such-game')).toMatchObject({
      ok: false,
      error: { code: 'store/unknown-game' },
    })
    await api.close()
  })
})
