/**
 * File > Show This Game on a Second Screen, in words and choices (pure, for the menu and its
 * dialogs in main.ts): the game open in the window, on this computer or on the table's network as
 * the person chooses, watched — and played by a player who joins it with their key — until File >
 * Stop the Second Screen or quitting.
 */
import type { MessageBoxOptions } from 'electron'
import { isArbiterPage } from './app-scheme.js'

/** The game the window shows: the page keeps it in its address (`#game=ID`), or null. */
export function gameIdOfPage(url: string): string | null {
  if (!isArbiterPage(url)) return null
  const gameId = new URLSearchParams(new URL(url).hash.slice(1)).get('game')
  return gameId === null || gameId === '' ? null : gameId
}

/**
 * Said before anything listens. Where the screen listens is the person's choice, named as such:
 * this computer only (a second monitor, a projector), or the network (a phone at the table).
 */
export function secondScreenPrompt(gameName: string): MessageBoxOptions {
  return {
    type: 'question',
    title: 'Show on a Second Screen',
    message: `Show “${gameName}” on a second screen?`,
    detail:
      'This Computer Only: a browser on this computer (a second monitor, a projector) can open it.\n\n' +
      'Open to the Network: Arbiter listens on your network, not only on this computer. Any phone or tablet ' +
      'on this network that is given the address can watch this game, live.\n\n' +
      'Either way it shows this one game and nothing else of your library. Players can join it with their ' +
      'key: a player who joins records as themselves alone (their rolls, their declarations, their ' +
      'signature), each request signed with the key kept on their device; a player without a key yet can ' +
      'record one by joining, so give the address only to the players. Without joining, it only watches. ' +
      'It stays open until you choose File > Stop the Second Screen or quit.',
    buttons: ['This Computer Only', 'Open to the Network', 'Cancel'],
    defaultId: 0,
    cancelId: 2,
    noLink: true,
  }
}

export type SecondScreenReach = 'this-computer' | 'network'

/** The prompt's answer: where to listen, or null (cancelled). */
export function reachOf(response: number): SecondScreenReach | null {
  return response === 0 ? 'this-computer' : response === 1 ? 'network' : null
}

/** The address to listen on: loopback, or every address of this computer. */
export function listenHost(reach: SecondScreenReach): string {
  return reach === 'network' ? '0.0.0.0' : '127.0.0.1'
}

/** Shown once the screen listens: the address to open, token included. */
export function secondScreenAddress(gameName: string, url: string, reach: SecondScreenReach): MessageBoxOptions {
  return {
    type: 'info',
    title: 'Second screen',
    message:
      reach === 'network'
        ? 'Open this address on a phone or tablet on the same network'
        : 'Open this address in a browser on this computer',
    detail:
      `${url}\n\nIt shows “${gameName}” and nothing else. Players can join it with their key and then record ` +
      'as themselves; anyone else only watches. File > Stop the Second Screen ends it.',
  }
}

export const NO_GAME_OPEN: MessageBoxOptions = {
  type: 'info',
  title: 'Show on a Second Screen',
  message: 'Open a game first',
  detail: 'A second screen shows one game: open it in this window, then choose Show This Game on a Second Screen.',
}

/** The menu item while a screen is open: it names where it listens (never its token). */
export function stopLabel(url: string): string {
  return `Stop the Second Screen (${new URL(url).host})`
}
