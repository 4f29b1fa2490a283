import { relative, resolve, sep } from 'node:path'

/** The Electron window's pages come from arbiter://app/, a secure standard scheme of Arbiter's own. */
export const SCHEME = 'arbiter'
export const APP_URL = `${SCHEME}://app/`

/**
 * Whether a URL is one of Arbiter's own pages. (Not `URL.origin`: for a scheme the URL standard
 * does not know, that is "null".)
 */
export function isArbiterPage(url: string | undefined): boolean {
  if (url === undefined) return false
  try {
    const parsed = new URL(url)
    return parsed.protocol === `${SCHEME}:` && parsed.host === 'app'
  } catch {
    return false
  }
}

/**
 * The renderer file an arbiter://app/ URL names (`/` is index.html), or null for any URL that is
 * not Arbiter's or whose path, once decoded, would leave the renderer's folder.
 */
export function rendererFileOf(rendererDir: string, url: string): string | null {
  if (!isArbiterPage(url)) return null
  let path: string
  try {
    path = decodeURIComponent(new URL(url).pathname)
  } catch {
    return null
  }
  if (path.includes('\0') || path.includes('\\')) return null
  const root = resolve(rendererDir)
  const file = resolve(root, `.${path.endsWith('/') ? `${path}index.html` : path}`)
  const inside = relative(root, file)
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`)) return null
  return file
}
