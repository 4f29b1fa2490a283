/**
 * File > Show This Game on a Second Screen, in words and choices (pure, for the menu and its
 * dialogs in main.ts): the game open in the window, on the table's network, watched only, until
 * File > Stop the Second Screen or quitting.
 */
import type { MessageBoxOptions } from 'electron'
import { isArbiterPage } from './app-scheme.js'

/** The game the window shows: the page keeps it in its address (`#game=ID`), or null. */
export function gameIdOfPage(url: string): string | null {
  if (!isArbiterPage(url)) return null
  const gameId = new URLSearchParams(new URL(url).hash.slice(1)).get('game')
  return gameId === null || gameId === '' ? null : gameId
}

/** Said before anything listens: a second screen opens this computer to the network, and what it shows. */
export function secondScreenPrompt(gameName: string): MessageBoxOptions {
  return {
    type: 'warning',
    title: 'Show on a Second Screen',
    message: `Open “${gameName}” to your network?`,
    detail:
      'Arbiter will listen on your network, not only on this computer. Any phone or tablet on this network ' +
      'that is given the address can watch this one game, live. Nothing can be recorded from it, and no other ' +
      'game of your library is shown. It stays open until you choose File > Stop the Second Screen or quit.',
    buttons: ['Open to the Network', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  }
}

/** The button of the prompt that opens the screen. */
export const OPEN_TO_NETWORK = 0

/** Shown once the screen listens: the address to open, token included. */
export function secondScreenAddress(gameName: string, url: string): MessageBoxOptions {
  return {
    type: 'info',
    title: 'Second screen',
    message: 'Open this address on a phone or tablet on the same network',
    detail: `${url}\n\nIt shows “${gameName}” and nothing else, read-only. File > Stop the Second Screen ends it.`,
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
