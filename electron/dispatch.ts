import type { GameApi, GameApiMethod, GameEventNotice, WrittenStep } from '../core/api/game-api-contract.js'
import { gameApiMethods } from '../core/api/game-api-contract.js'
import { checkArgs } from '../core/api/method-args.js'
import { ArbiterError } from '../core/events/errors.js'

export type { GameEventNotice }

const methodNames: ReadonlySet<string> = new Set(gameApiMethods)

export function isGameApiMethod(name: string): name is GameApiMethod {
  return methodNames.has(name)
}

/**
 * One call from a host's client (an Electron page over IPC, a browser over HTTP), the same way
 * for both: the method must be a GameApi method (`api/unknown-method`), its arguments are
 * checked (`api/bad-arguments`, nothing is called), then LocalGameApi runs it. `onEvent` hears of
 * every event the call wrote. `close` is the host's to do, not a page's: from a client it does nothing.
 */
export async function dispatchCall(
  api: GameApi,
  method: string,
  args: unknown,
  onEvent: (notice: GameEventNotice) => void = () => {},
): Promise<unknown> {
  if (!isGameApiMethod(method)) throw new ArbiterError('api/unknown-method', `GameApi has no method "${method}"`)
  const call = { method, args: checkArgs(method, args) } as { method: GameApiMethod; args: unknown[] }
  switch (call.method) {
    case 'close':
      return undefined
    case 'append':
    case 'rollDice':
    case 'undo': {
      const gameId = call.args[0] as string
      const step = await (api[call.method] as (...a: unknown[]) => Promise<WrittenStep>)(...call.args)
      onEvent({ gameId, seq: step.seq, type: step.type })
      // Plain data for the transport: the game after the step is read here, once (in-process it is a getter).
      return { ...step, view: step.view }
    }
    case 'createGame': {
      const created = await api.createGame(...(call.args as Parameters<GameApi['createGame']>))
      onEvent({ gameId: created.gameId, seq: created.step.seq, type: created.step.type })
      return created
    }
    case 'sampleGame': {
      const sample = await api.sampleGame()
      if (sample.created) {
        const { seq } = await api.status(sample.gameId)
        onEvent({ gameId: sample.gameId, seq, type: 'SampleGameRecorded' })
      }
      return sample
    }
    case 'archiveGame': {
      const [gameId, archived] = call.args as Parameters<GameApi['archiveGame']>
      await api.archiveGame(gameId, archived)
      onEvent({ gameId, seq: 0, type: archived ? 'GameArchived' : 'GameRestored' })
      return undefined
    }
    case 'importGame': {
      const imported = await api.importGame(...(call.args as Parameters<GameApi['importGame']>))
      onEvent({ gameId: imported.gameId, seq: imported.events, type: 'GameImported' })
      return imported
    }
    default:
      return (api[call.method] as (...a: unknown[]) => Promise<unknown>)(...call.args)
  }
}
