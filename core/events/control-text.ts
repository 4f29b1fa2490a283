/**
 * Characters that steer a terminal or reorder text instead of showing: the C0 controls (ESC, BEL, CR,
 * backspace…), DEL, the C1 controls (U+0080-009F, U+009B is a CSI) and the bidi overrides and isolates
 * (U+202A-202E, U+2066-2069). Text a player typed must not hold them (issue 17: a Note of escape codes
 * erased the dice line above it and printed a fake one), and output shows them as visible escapes.
 */
export function isControlCharacter(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  )
}

/** A character as a visible escape: `\x1b` for a C0 control, `\u202e` for the others (also valid in JSON text). */
export function visibleEscape(code: number): string {
  return code < 0x20 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
}

/** The first control character of `text` that is not in `allowed`, with its index, or undefined. */
export function firstControlCharacter(text: string, allowed = ''): { index: number; escape: string } | undefined {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (isControlCharacter(code) && !allowed.includes(text[index] as string))
      return { index, escape: visibleEscape(code) }
  }
  return undefined
}

/** `text` with every control character not in `kept` replaced by its visible escape. */
export function escapeControlCharacters(text: string, kept = ''): string {
  if (firstControlCharacter(text, kept) === undefined) return text
  let out = ''
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string
    const code = text.charCodeAt(index)
    out += isControlCharacter(code) && !kept.includes(char) ? visibleEscape(code) : char
  }
  return out
}
