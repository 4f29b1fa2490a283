import type { ErrorData } from '../core/events/errors.js'

/** What the web host looks at before anything else: the request's own claims about where it comes from. */
export interface RequestFacts {
  /** The `Host` header as sent. */
  readonly host: string | undefined
  /** The `Origin` header: browsers send it on every POST and on cross-origin reads. */
  readonly origin: string | undefined
  /** The `Sec-Fetch-Site` header: `same-origin`, `same-site`, `cross-site` or `none` (a typed address). */
  readonly secFetchSite: string | undefined
  /** `/api/…` is an API request; anything else asks for one of the page's files. */
  readonly isApi: boolean
}

/**
 * Why a request is refused before its token is even looked at, or null. `address` is the printed
 * `host:port`. The Host header must be exactly it: a page of another name that resolves to this
 * machine (DNS rebinding) is refused. A browser's own word on where the request comes from must be
 * this origin: another port of 127.0.0.1 is same-site, and refused. A request that says nothing of
 * its origin (curl, a test's fetch) passes here and still needs the token.
 */
export function foreignRequestRefusal(facts: RequestFacts, address: string): ErrorData | null {
  const host = facts.host?.toLowerCase()
  if (host !== address.toLowerCase())
    return {
      code: 'host/wrong-host',
      message: `this Arbiter answers only at ${address}, not at ${host === undefined ? 'no Host' : `"${host}"`}`,
    }
  if (facts.origin !== undefined && facts.origin.toLowerCase() !== `http://${address}`.toLowerCase())
    return {
      code: 'host/foreign-origin',
      message: `a page of ${facts.origin} cannot use this Arbiter: only its own pages at http://${address} can`,
    }
  // `none` is a person typing or scanning the address: a page, never an API call.
  const site = facts.secFetchSite
  if (site !== undefined && site !== 'same-origin' && !(site === 'none' && !facts.isApi))
    return {
      code: 'host/foreign-origin',
      message: `a ${site} request cannot use this Arbiter: only its own pages at http://${address} can`,
    }
  return null
}

/** `application/json`, with or without parameters (`; charset=utf-8`); never `text/plain` parsed as JSON. */
export function isJsonContentType(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json'
}

/** The cookie that lets the page's own files load: named after the port, since a browser sends a host's cookies to all its ports. */
export function filesCookieName(port: number): string {
  return `arbiter-files-${port}`
}
