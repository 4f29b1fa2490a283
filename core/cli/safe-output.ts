import { escapeControlCharacters } from '../api/index.js'
import type { Explanation } from '../explain/explanation.js'
import type { Io } from './main.js'

/**
 * Every write of the command line goes through here: line breaks and tabs are its own layout; any
 * other control character (from a note, a name, a title, an error quoting them) is shown as a visible
 * escape, so no text recorded in a game can steer the terminal (issue 17). In `--json` output the
 * only ones left to escape are DEL, C1 and bidi controls, written as `\u009b`: still valid JSON that
 * parses to the exact text.
 */
export function terminalSafe(io: Io): Io {
  const safe = (stream: Io['stdout']): Io['stdout'] => ({
    write: (text: string) => stream.write(escapeControlCharacters(text, '\n\t')),
  })
  return { stdout: safe(io.stdout), stderr: safe(io.stderr) }
}

/** Game text set into one line of output: its line breaks shown as `\n`, so it cannot start a line of its own. */
export function oneLine(text: string): string {
  return escapeControlCharacters(text, '\t\n').replaceAll('\n', '\\n')
}

/** An explanation tree with every node's text made one line (a note's text is a node's). */
export function oneLineTree(tree: Explanation): Explanation {
  return { ...tree, text: oneLine(tree.text), children: tree.children.map(oneLineTree) }
}
