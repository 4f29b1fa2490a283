import type { MenuItemConstructorOptions } from 'electron'
import { stopLabel } from './second-screen.js'

/** What the menu's items do (main.ts's functions). */
export interface MenuActions {
  readonly newGame: () => void
  readonly openGame: () => void
  readonly importGame: () => void
  readonly exportGame: () => void
  readonly exportReport: () => void
  readonly importList: () => void
  readonly undo: () => void
  readonly showSecondScreen: () => void
  readonly stopSecondScreen: () => void
}

/**
 * The application menu. A packaged app has no DevTools item (nor any way to them: see
 * hardening.ts); while a second screen is open, its item stops it and says where it listens.
 */
export function menuTemplate(options: {
  readonly packaged: boolean
  readonly platform: NodeJS.Platform
  /** The open second screen's address, or null. */
  readonly secondScreenUrl: string | null
  readonly actions: MenuActions
}): MenuItemConstructorOptions[] {
  const { actions, secondScreenUrl } = options
  const view: MenuItemConstructorOptions[] = [{ role: 'reload' }, { role: 'togglefullscreen' }]
  if (!options.packaged) view.splice(1, 0, { role: 'toggleDevTools' })
  const template: MenuItemConstructorOptions[] = [
    {
      label: 'File',
      submenu: [
        { label: 'New Game…', accelerator: 'CmdOrCtrl+N', click: actions.newGame },
        { label: 'Open Game…', accelerator: 'CmdOrCtrl+O', click: actions.openGame },
        { type: 'separator' },
        { label: 'Import…', accelerator: 'CmdOrCtrl+I', click: actions.importGame },
        // The page knows which game is open: it pages exportGame and saves the file as a download.
        { label: 'Export…', accelerator: 'CmdOrCtrl+E', click: actions.exportGame },
        // The same: the page opens the open game's report preview, or says that no game is open.
        { label: 'Export Report…', accelerator: 'CmdOrCtrl+Shift+E', click: actions.exportReport },
        // The page reads the list file into the open game's muster (the file picker is the page's).
        { label: 'Import List…', accelerator: 'CmdOrCtrl+Shift+L', click: actions.importList },
        { type: 'separator' },
        secondScreenUrl === null
          ? { label: 'Show This Game on a Second Screen…', click: actions.showSecondScreen }
          : { label: stopLabel(secondScreenUrl), click: actions.stopSecondScreen },
        { type: 'separator' },
        { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        // The page decides: in a field it undoes the typing, elsewhere it takes back the last event (a Correction).
        { label: 'Undo', accelerator: 'CmdOrCtrl+Z', click: actions.undo },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    { label: 'View', submenu: view },
  ]
  if (options.platform === 'darwin') template.unshift({ role: 'appMenu' })
  return template
}
