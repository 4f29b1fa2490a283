import type { GameApi, GameApiMethod, ScreenInfo } from '../core/api/game-api-contract.js'
import { checkScreenWrite, SCREEN_WRITE_HEADER, SpentNonces } from '../core/api/screen-writes.js'
import type { ErrorData } from '../core/events/errors.js'

/**
 * What a web host serves: the whole library (`npm run serve`, the browser tests), or one game (a
 * second screen at the table, started from the desktop app's menu).
 */
export type HostScope = { readonly kind: 'library' } | GameScope

export interface GameScope {
  readonly kind: 'game'
  readonly gameId: string
  /**
   * Decides a write to the game (`append`, `rollDice`): null lets it through, else the refusal.
   * Absent, the screen only watches. This is where a player joining the screen with their key
   * plugs in: the gate sees the call and the request's headers (a signature travels there).
   */
  readonly authorizeWrite?: WriteGate
}

/** A write to a second screen's game, as the request brought it. */
export interface ScreenWrite {
  readonly gameId: string
  readonly method: 'append' | 'rollDice'
  readonly args: readonly unknown[]
  /** A header of the request, by lower-case name. */
  header(name: string): string | undefined
}

export type WriteGate = (write: ScreenWrite) => Promise<ErrorData | null>

export const LIBRARY_SCOPE: HostScope = { kind: 'library' }

/** What a second screen shows of its one game: reads that name it. */
const GAME_READS: ReadonlySet<GameApiMethod> = new Set([
  'openGame',
  'status',
  'replay',
  'verifyGame',
  'signatures',
  'exportGame',
  // Reads too: the audit of the game, and a what-if fork computed in memory (nothing written).
  'audit',
  'whatIf',
  'report',
  'exportArmy',
])
/**
 * Rules and rulesets hold nothing of any game; `close` does nothing from a client; `listGames` is cut to the one game.
 * A list file read and the unit library's profiles hold no game either (a player mustering at the table reads them);
 * saving to the unit library is a write to the library, refused here.
 */
const FREE_READS: ReadonlySet<GameApiMethod> = new Set([
  'rulesets',
  'catalogue',
  'searchRules',
  'troops',
  'importList',
  'libraryUnits',
  'close',
  'listGames',
])
const GAME_WRITES: ReadonlySet<GameApiMethod> = new Set(['append', 'rollDice'])

/**
 * How a call stands on a host of this scope: `allowed`, `write` (the scope's gate decides), or a
 * refusal. On a library host everything is allowed. On a second screen: reads of its game and of
 * the rules; writes to its game through the gate; nothing of any other game and nothing of the
 * library (new games, imports, archiving, the sample game).
 */
export function callOnScope(
  scope: HostScope,
  method: GameApiMethod,
  args: readonly unknown[],
): { kind: 'allowed' } | { kind: 'write'; gate: WriteGate | undefined } | { kind: 'refused'; error: ErrorData } {
  if (scope.kind === 'library' || FREE_READS.has(method)) return { kind: 'allowed' }
  const namesTheGame = args[0] === scope.gameId
  if (GAME_READS.has(method) && namesTheGame) return { kind: 'allowed' }
  if (GAME_WRITES.has(method) && namesTheGame) return { kind: 'write', gate: scope.authorizeWrite }
  return {
    kind: 'refused',
    error: {
      code: 'host/second-screen',
      message: `${method}: this second screen shows game ${scope.gameId} only, and nothing else of the library`,
    },
  }
}

/** The refusal of a write on a screen that only watches. */
export function readOnlyRefusal(scope: GameScope, method: string): ErrorData {
  return {
    code: 'host/second-screen',
    message: `${method}: this second screen only watches game ${scope.gameId}; record from the table's Arbiter`,
  }
}

/** What the page is told of the host that serves it. */
export function screenInfo(scope: HostScope): ScreenInfo {
  if (scope.kind === 'library') return { kind: 'library' }
  return { kind: 'game', gameId: scope.gameId, writes: scope.authorizeWrite ? 'with-a-key' : 'none' }
}

/**
 * The gate a second screen that players may join gets (File > Show This Game on a Second Screen): a
 * write goes through only when it carries the signature of a player who joined with their key, made
 * at the game's head, over this very call, as that player, once (core/api/screen-writes.ts). Each
 * write reads the game at its head, checked, to know the keys and the head's hash.
 */
export function joinWithKeyGate(api: Pick<GameApi, 'openGame'>): WriteGate {
  const spent = new SpentNonces()
  return async (write) => {
    const view = await api.openGame(write.gameId)
    return checkScreenWrite(
      {
        gameId: write.gameId,
        method: write.method,
        args: write.args,
        signed: write.header(SCREEN_WRITE_HEADER),
        game: view.state,
        headHash: view.hash,
      },
      spent,
    )
  }
}
