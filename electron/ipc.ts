import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import type { GameApi } from '../core/api/game-api-contract.js'
import { gameApiMethods } from '../core/api/game-api-contract.js'
import { toErrorData } from '../core/events/errors.js'
import { dispatchCall, type GameEventNotice } from './dispatch.js'
import { channelOf, type IpcResult } from './ipc-channels.js'

/** The part of `ipcMain` this module uses, so a test can hand it a stand-in. */
export type IpcRegistrar = Pick<IpcMain, 'handle' | 'removeHandler'>

/**
 * One `ipcMain.handle` per GameApi method (the whitelist of ipc-channels.ts). Each message's
 * sender is checked first (`isTrustedSender`: Arbiter's own window showing Arbiter's own pages);
 * its arguments are then checked and the call is run by the same code as the web host's
 * (`dispatchCall`). The answer is `{ ok, value }` or `{ ok: false, error: { code, message } }`.
 * Returns the channels it registered and a function that removes them.
 */
export function registerGameApiIpc(
  ipcMain: IpcRegistrar,
  api: GameApi,
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean,
  onEvent: (notice: GameEventNotice) => void,
): { channels: string[]; unregister: () => void } {
  const channels = gameApiMethods.map((method) => {
    const channel = channelOf(method)
    ipcMain.handle(channel, async (event, ...args: unknown[]): Promise<IpcResult> => {
      if (!isTrustedSender(event))
        return { ok: false, error: { code: 'host/unauthorized', message: `${method}: refused from this page` } }
      try {
        return { ok: true, value: await dispatchCall(api, method, args, onEvent) }
      } catch (error) {
        return { ok: false, error: toErrorData(error) }
      }
    })
    return channel
  })
  const unregister = (): void => {
    for (const channel of channels) ipcMain.removeHandler(channel)
  }
  return { channels, unregister }
}
