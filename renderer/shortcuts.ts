/**
 * The keyboard shortcuts for the common actions, in one table: the shell acts on them and the help
 * overlay lists them, so the two cannot disagree. Single keys, no modifier: at a table a player has
 * one hand free. They are ignored while a field has the focus (a digit there is a die), except Escape;
 * the ones that act on the game (a choice, d, r, n) also while the past is shown.
 */
export const shortcuts = [
  // The digits are read by the shell itself (a range, not one key); listed here for the help.
  { key: '1–9', action: 'choose', text: 'Pick that option of an open choice, at once' },
  { key: 'd', action: 'dice', text: 'Answer the open request: focus the dice entry or the first choice' },
  { key: 'r', action: 'roll-for-me', text: 'Roll for me: Arbiter rolls the open dice request' },
  { key: 'n', action: 'declare', text: 'Declare something now (the first declaration offered)' },
  { key: 't', action: 'timeline', text: 'Focus the timeline scrubber (then ← → or Home / End)' },
  { key: '[', action: 'step-back', text: 'Step the timeline one event back' },
  { key: ']', action: 'step-forward', text: 'Step the timeline one event forward' },
  // Read by the shell itself (a modifier); in the desktop app, Edit > Undo sends it.
  { key: 'Ctrl+Z', action: 'undo', text: 'Undo: take back the last event (it stays in the log, struck through)' },
  {
    key: 'e',
    action: 'report',
    text: 'Export report: the battle report previewed, then saved as HTML, Markdown or PDF',
  },
  { key: 'Escape', action: 'escape', text: 'Back to the present, close a dialog, or leave a field' },
  { key: 'l', action: 'library', text: 'The game library' },
  { key: 'g', action: 'game', text: 'The open game' },
  { key: '/', action: 'rules', text: 'Search the rules' },
  { key: '?', action: 'help', text: 'Show or hide this list' },
] as const

export type ShortcutAction = (typeof shortcuts)[number]['action']

export function shortcutFor(key: string): ShortcutAction | null {
  return shortcuts.find((shortcut) => shortcut.key === key)?.action ?? null
}

/** True when the key went to a field, where it is text (or a die) rather than a command. */
export function isTyping(event: KeyboardEvent): boolean {
  const target = event.composedPath()[0]
  return target instanceof HTMLElement && isTextField(target)
}

/** A field where keys are text (or a die): an edit field, a text area, a list to pick from, editable text. */
export function isTextField(target: HTMLElement): boolean {
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'range'].includes(target.type)
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable
}
