import { css, html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit'
import type { Explanation, RuleRef } from '../../core/api/game-api-contract.js'
import { type Named, namesIn, valueShown } from '../texts.js'
import { baseStyles } from '../theme.js'

/** Levels open at first; deeper ones are a click away, so a long tree starts short. */
const OPEN_DEPTH = 2

/**
 * An explanation tree as nested, foldable sentences: each node's text (player ids read as names),
 * its value only where the text does not already say it (`valueShown`), the rule it cites (a
 * button: `cite` asks the panel to show that rule's text) and the earlier events it rests on
 * (buttons: `scrub` to that seq). Ignored modifiers stay visible, marked as not counted, and score nothing.
 */
export class ExplanationTree extends LitElement {
  static override properties = {
    node: { attribute: false },
    named: { attribute: false },
  }

  node: Explanation | null = null
  /** The game's players and its ruleset's variants: the texts read their names, not their ids. */
  named: Named = { players: [] }
  private names: (text: string) => string = (text) => text

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('named')) this.names = namesIn(this.named)
  }

  static override styles = [
    baseStyles,
    css`
      ul {
        list-style: none;
        margin: 0;
        padding-left: 1.1rem;
        border-left: 1px solid var(--border);
      }
      :host > ul {
        padding-left: 0;
        border-left: none;
      }
      li {
        margin: 0.2rem 0;
      }
      summary {
        cursor: pointer;
      }
      .line {
        line-height: 1.45;
      }
      .ignored .text {
        color: var(--muted);
        text-decoration: line-through;
        text-decoration-color: var(--muted);
      }
      .tag {
        font-size: 0.75rem;
        color: var(--muted);
        border: 1px solid var(--border);
        border-radius: 0.25rem;
        padding: 0 0.25rem;
        margin-right: 0.3rem;
      }
      .value {
        color: var(--heading);
        font-weight: 700;
        margin-left: 0.3rem;
      }
      button.link {
        min-height: 0;
        padding: 0 0.25rem;
        margin-left: 0.3rem;
        background: none;
        border: none;
        text-decoration: underline dotted;
      }
      button.link.rule-ref:hover,
      button.link.seq:hover {
        background: var(--hover);
      }
      button.seq {
        font-size: 0.8rem;
        color: var(--muted);
      }
    `,
  ]

  private cite(rule: RuleRef): void {
    this.dispatchEvent(new CustomEvent('cite', { detail: rule, bubbles: true, composed: true }))
  }

  private scrub(seq: number): void {
    this.dispatchEvent(new CustomEvent('scrub', { detail: { seq }, bubbles: true, composed: true }))
  }

  private line(node: Explanation): TemplateResult {
    const value = valueShown(node)
    return html`<span class="line ${node.status === 'ignored' ? 'ignored' : ''}"
      >${node.status === 'ignored' ? html`<span class="tag">not counted</span>` : nothing}<span class="text"
        >${this.names(node.text)}</span
      >${value === null ? nothing : html`<span class="value">${value}</span>`}${
        node.rule
          ? html`<button class="link rule-ref" @click=${() => this.cite(node.rule!)} title="Show the rule's text">
            ${node.rule.ruleset}/${node.rule.id} §${node.rule.clause}
          </button>`
          : nothing
      }${(node.from ?? []).map(
        (seq) =>
          html`<button class="link seq" @click=${() => this.scrub(seq)} title="See the game at this event">← #${seq}</button>`,
      )}</span
    >`
  }

  private branch(node: Explanation, depth: number): TemplateResult {
    if (node.children.length === 0) return html`<li>${this.line(node)}</li>`
    return html`<li>
      <details ?open=${depth < OPEN_DEPTH}>
        <summary>${this.line(node)}</summary>
        <ul>
          ${node.children.map((child) => this.branch(child, depth + 1))}
        </ul>
      </details>
    </li>`
  }

  override render() {
    return this.node ? html`<ul>${this.branch(this.node, 0)}</ul>` : nothing
  }
}

customElements.define('explanation-tree', ExplanationTree)

declare global {
  interface HTMLElementTagNameMap {
    'explanation-tree': ExplanationTree
  }
}
