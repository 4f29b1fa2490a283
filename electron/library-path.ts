import { homedir } from 'node:os'
import { join } from 'node:path'

/** The app's name: Electron's data folder is named after it (package.json `productName`). */
export const APP_NAME = 'Arbiter'
/** The game library's file inside the data folder. */
export const LIBRARY_FILE = 'library.sqlite'

/**
 * The folder Electron's `app.getPath('userData')` gives Arbiter, computed without Electron, so the
 * web host opens the same game library as the desktop app: `%APPDATA%\Arbiter` on Windows,
 * `~/Library/Application Support/Arbiter` on macOS, `$XDG_CONFIG_HOME/Arbiter` (or `~/.config/Arbiter`)
 * elsewhere.
 */
export function userDataDir(platform: NodeJS.Platform = process.platform, env = process.env): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME)
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME)
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), APP_NAME)
}

export function defaultLibraryFile(): string {
  return join(userDataDir(), LIBRARY_FILE)
}
