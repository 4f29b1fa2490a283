import { escapeControlCharacters } from '../events/control-text.js'

/**
 * Text for HTML or SVG: `& < > " '` as entities, and the characters that steer or reorder text (a name typed
 * with a bidi override) as visible escapes, so a player's name cannot become markup nor disguise what it sits by.
 */
export function escapeMarkup(text: string): string {
  return escapeControlCharacters(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** A number with at most `decimals` decimals, trailing zeros dropped, never "-0": the same bytes on every machine. */
export function fixed(value: number, decimals: number): string {
  const text = value.toFixed(decimals)
  const trimmed = decimals > 0 ? text.replace(/\.?0+$/, '') : text
  return trimmed === '-0' ? '0' : trimmed
}
