import { css, html, LitElement, nothing } from 'lit'
import type { RuleEntry } from '../../core/api/game-api-contract.js'
import { type ArbiterClient, toApiError } from '../api-client.js'
import { baseStyles } from '../theme.js'

/** Wait this long after the last key before searching: each search is a call across the bridge. */
const SEARCH_DELAY_MS = 120

/**
 * The rules browser: the ruleset's catalogue, searched as the player types (`searchRules`, full
 * text over names, text and clauses), and the chosen entry whole: its text, its clauses as
 * explanations cite them, its parameters.
 */
export class RulesBrowser extends LitElement {
  static override properties = {
    client: { attribute: false },
    ruleset: { type: String },
    query: { state: true },
    entries: { state: true },
    chosen: { state: true },
    problem: { state: true },
  }

  client: ArbiterClient | null = null
  /** The open game's ruleset; the first known one when no game is open. */
  ruleset: string | null = null
  query = ''
  entries: RuleEntry[] = []
  chosen: RuleEntry | null = null
  problem: string | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  private searched = 0

  static override styles = [
    baseStyles,
    css`
      .layout {
        display: grid;
        grid-template-columns: minmax(16rem, 1fr) 2fr;
        gap: 1rem;
        align-items: start;
      }
      input[type='search'] {
        width: 100%;
        font-size: 1.1rem;
        margin-bottom: 0.6rem;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.15rem;
        max-height: 70vh;
        overflow-y: auto;
      }
      li button {
        width: 100%;
        text-align: left;
        background: transparent;
        border-color: transparent;
      }
      li button[aria-selected='true'] {
        border-color: var(--accent);
        background: var(--raised);
      }
      .kind {
        color: var(--muted);
        font-size: 0.8rem;
        margin-left: 0.4rem;
      }
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 0.3rem 0.8rem;
      }
      dt {
        font-family: var(--mono);
        color: var(--rule);
      }
      dd {
        margin: 0;
      }
      .text {
        line-height: 1.5;
      }
      @media (max-width: 900px) {
        .layout {
          grid-template-columns: 1fr;
        }
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.search('')
  }

  focusSearch(): void {
    this.renderRoot.querySelector<HTMLInputElement>('input[type=search]')?.focus()
  }

  private async rulesetId(): Promise<string> {
    if (this.ruleset) return this.ruleset
    const known = await this.client!.rulesets()
    this.ruleset = known[0]?.id ?? null
    if (!this.ruleset) throw new Error('no ruleset is known')
    return this.ruleset
  }

  private async search(query: string): Promise<void> {
    const ticket = ++this.searched
    try {
      const ruleset = await this.rulesetId()
      const entries = query.trim()
        ? await this.client!.searchRules(ruleset, query)
        : await this.client!.catalogue(ruleset)
      if (ticket !== this.searched) return
      this.entries = entries
      this.problem = null
      if (!this.chosen || !entries.some((entry) => entry.id === this.chosen!.id)) this.chosen = entries[0] ?? null
    } catch (error) {
      this.problem = toApiError(error).message
    }
  }

  private onInput(event: Event): void {
    this.query = (event.target as HTMLInputElement).value
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.search(this.query), SEARCH_DELAY_MS)
  }

  private onKey(event: KeyboardEvent): void {
    // Enter opens the best match; the arrows walk the list without leaving the search field.
    const at = this.entries.findIndex((entry) => entry.id === this.chosen?.id)
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const next =
        this.entries[Math.max(0, Math.min(this.entries.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)))]
      if (next) this.chosen = next
    }
  }

  private renderEntry(entry: RuleEntry) {
    const params = Object.entries(entry.params)
    return html`<article class="panel" aria-label=${entry.name}>
      <h2>${entry.name}</h2>
      <p class="muted">${entry.kind} · ${entry.enforcement} · <span class="rule-ref">${this.ruleset}/${entry.id}</span></p>
      <p class="text">${entry.text}</p>
      ${
        Object.keys(entry.clauses).length > 0
          ? html`<h3>Clauses</h3>
            <dl>
              ${Object.entries(entry.clauses).map(([clause, text]) => html`<dt>§${clause}</dt><dd>${text}</dd>`)}
            </dl>`
          : nothing
      }
      ${
        params.length > 0
          ? html`<h3>Parameters</h3>
            <dl>
              ${params.map(([name, value]) => html`<dt>${name}</dt><dd>${String(value)} (default)</dd>`)}
            </dl>`
          : nothing
      }
    </article>`
  }

  override render() {
    return html`<div class="layout">
      <section class="panel" aria-label="Rules">
        <h2>Rules</h2>
        <input
          type="search"
          aria-label="Search the rules"
          placeholder="hatred, armour save, break test…"
          .value=${this.query}
          @input=${this.onInput}
          @keydown=${this.onKey}
        />
        ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
        ${this.entries.length === 0 && this.query ? html`<p class="muted">No rule matches “${this.query}”.</p>` : nothing}
        <ul role="listbox" aria-label="Matching rules">
          ${this.entries.map(
            (entry) =>
              html`<li>
                <button
                  role="option"
                  aria-selected=${entry.id === this.chosen?.id ? 'true' : 'false'}
                  @click=${() => (this.chosen = entry)}>
                  ${entry.name}<span class="kind">${entry.kind}</span>
                </button>
              </li>`,
          )}
        </ul>
      </section>
      ${this.chosen ? this.renderEntry(this.chosen) : nothing}
    </div>`
  }
}

customElements.define('rules-browser', RulesBrowser)

declare global {
  interface HTMLElementTagNameMap {
    'rules-browser': RulesBrowser
  }
}
