/**
 * The Content-Security-Policy of every Arbiter page, in the Electron window and from the web host:
 * the page loads only its own scripts and styles and talks only to its own host. Lit's styles are
 * constructed stylesheets; 'unsafe-inline' for styles covers a browser without them.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
