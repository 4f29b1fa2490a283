import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
import type { RuleEntry } from '../../core/api/game-api-contract.js'
import { type ArbiterClient, toApiError } from '../api-client.js'
import { baseStyles } from '../theme.js'

/** Wait this long after the last key before searching: each search is a call across the bridge. */
const SEARCH_DELAY_MS = 120

/** The id of a rule's option in the list, for aria-activedescendant. */
const optionId = (ruleId: string) => `rule-${ruleId}`

/**
 * Where a text names other rules of the catalogue: each name as written (capitalised, as the rules
 * write it: "a Leadership test", "causes Fear"), a whole word or words, the longest name first
 * ("Eternal Hatred" before "Hatred"). The rule itself is not a mention.
 */
function mentionPattern(catalogue: readonly RuleEntry[], self: string): RegExp | null {
  const names = catalogue
    .filter((entry) => entry.id !== self && entry.name.length > 2)
    .map((entry) => entry.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .sort((a, b) => b.length - a.length)
  if (names.length === 0) return null
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.join('|')})(?![\\p{L}\\p{N}])`, 'gu')
}

/**
 * The rules browser: the ruleset's catalogue, searched as the player types (`searchRules`: the
 * start of any word of names, text and clauses, US or British spelling, plurals), and the chosen
 * entry whole: its text, its clauses as explanations cite them, its parameters. A rule that names
 * another rule links to it. The list is a listbox the search field (or the list itself) walks with
 * the arrow keys; a click or a link opens a rule (`openRule`).
 */
export class RulesBrowser extends LitElement {
  static override properties = {
    client: { attribute: false },
    ruleset: { type: String },
    query: { state: true },
    entries: { state: true },
    chosen: { state: true },
    problem: { state: true },
    catalogue: { state: true },
  }

  client: ArbiterClient | null = null
  /** The open game's ruleset; the first known one when no game is open. */
  ruleset: string | null = null
  query = ''
  entries: RuleEntry[] = []
  chosen: RuleEntry | null = null
  problem: string | null = null
  /** The whole catalogue of the ruleset: what a rule's text can link to. */
  catalogue: RuleEntry[] = []
  private catalogueOf: string | null = null
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
      .layout > * {
        min-width: 0;
      }
      input[type='search'] {
        width: 100%;
        font-size: 1.1rem;
        margin-bottom: 0.6rem;
      }
      [role='listbox'] {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.15rem;
        max-height: 70vh;
        overflow-y: auto;
      }
      [role='option'] {
        border: 1px solid transparent;
        border-radius: 0.4rem;
        padding: 0.4rem 0.8rem;
        min-height: 2.4rem;
        cursor: pointer;
      }
      [role='option']:hover {
        background: var(--hover);
      }
      [role='option'][aria-selected='true'] {
        border-color: var(--accent);
        background: var(--raised);
      }
      [role='listbox']:focus-visible {
        outline: 3px solid var(--focus);
        outline-offset: 2px;
      }
      .kind {
        color: var(--muted);
        font-size: 0.8rem;
        margin-left: 0.4rem;
      }
      a.rule-link {
        color: var(--rule);
        text-decoration: underline;
        text-underline-offset: 0.15em;
      }
      a.rule-link:focus-visible {
        outline: 3px solid var(--focus);
        outline-offset: 1px;
      }
      dl {
        display: grid;
        grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
        gap: 0.3rem 0.8rem;
      }
      dt {
        font-family: var(--mono);
        color: var(--rule);
        overflow-wrap: anywhere;
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
        [role='listbox'] {
          max-height: 40vh;
        }
        /* A clause's name above its words: side by side, a long name leaves the words no room. */
        dl {
          grid-template-columns: minmax(0, 1fr);
          gap: 0.1rem;
        }
        dd {
          margin: 0 0 0.5rem 0.8rem;
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

  /** Opens a rule of the ruleset here: the whole catalogue listed, that rule chosen, in view and focused. */
  async openRule(id: string): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.query = ''
    await this.search('', id)
    await this.updateComplete
    if (this.chosen?.id !== id) return
    this.renderRoot.querySelector(`#${CSS.escape(optionId(id))}`)?.scrollIntoView({ block: 'nearest' })
    this.renderRoot.querySelector<HTMLElement>('article h2')?.focus()
  }

  private async rulesetId(): Promise<string> {
    if (this.ruleset) return this.ruleset
    const known = await this.client!.rulesets()
    this.ruleset = known[0]?.id ?? null
    if (!this.ruleset) throw new Error('no ruleset is known')
    return this.ruleset
  }

  /** Lists the entries matching `query` (all of them when it is blank); `choose` picks one by id. */
  private async search(query: string, choose?: string): Promise<void> {
    const ticket = ++this.searched
    try {
      const ruleset = await this.rulesetId()
      if (this.catalogueOf !== ruleset) {
        this.catalogue = await this.client!.catalogue(ruleset)
        this.catalogueOf = ruleset
      }
      const entries = query.trim() ? await this.client!.searchRules(ruleset, query) : this.catalogue
      if (ticket !== this.searched) return
      this.entries = entries
      this.problem = null
      const wanted = choose ?? this.chosen?.id
      this.chosen = entries.find((entry) => entry.id === wanted) ?? entries[0] ?? null
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
    // The arrows walk the list without leaving the search field; Enter goes to the rule shown.
    const at = this.entries.findIndex((entry) => entry.id === this.chosen?.id)
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const next =
        this.entries[Math.max(0, Math.min(this.entries.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)))]
      if (next) {
        this.chosen = next
        void this.updateComplete.then(() =>
          this.renderRoot.querySelector(`#${CSS.escape(optionId(next.id))}`)?.scrollIntoView({ block: 'nearest' }),
        )
      }
    } else if (event.key === 'Enter' && this.chosen) {
      event.preventDefault()
      this.renderRoot.querySelector<HTMLElement>('article h2')?.focus()
    }
  }

  /** `text` with every other rule it names as a link to that rule. */
  private linked(text: string, pattern: RegExp | null): (string | TemplateResult)[] {
    if (pattern === null) return [text]
    const parts: (string | TemplateResult)[] = []
    let from = 0
    for (const match of text.matchAll(pattern)) {
      const target = this.catalogue.find((entry) => entry.name === match[0])
      if (!target) continue
      parts.push(text.slice(from, match.index))
      parts.push(
        html`<a
          class="rule-link"
          href="#rule=${encodeURIComponent(target.id)}"
          title="Open ${target.name}"
          @click=${(event: Event) => {
            event.preventDefault()
            void this.openRule(target.id)
          }}
          >${match[0]}</a
        >`,
      )
      from = match.index + match[0].length
    }
    parts.push(text.slice(from))
    return parts
  }

  private renderEntry(entry: RuleEntry) {
    const params = Object.entries(entry.params)
    const pattern = mentionPattern(this.catalogue, entry.id)
    return html`<article class="panel" aria-labelledby="rule-title">
      <h2 id="rule-title" tabindex="-1">${entry.name}</h2>
      <p class="muted">${entry.kind} · ${entry.enforcement} · <span class="rule-ref">${this.ruleset}/${entry.id}</span></p>
      <p class="text">${this.linked(entry.text, pattern)}</p>
      ${
        Object.keys(entry.clauses).length > 0
          ? html`<h3>Clauses</h3>
            <dl>
              ${Object.entries(entry.clauses).map(
                ([clause, text]) => html`<dt>§${clause}</dt><dd>${this.linked(text, pattern)}</dd>`,
              )}
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
    const active = this.chosen && this.entries.some((entry) => entry.id === this.chosen?.id) ? this.chosen : null
    return html`<div class="layout">
      <section class="panel" aria-label="Rules">
        <h2>Rules</h2>
        <input
          type="search"
          aria-label="Search the rules"
          aria-controls="rule-list"
          aria-activedescendant=${active ? optionId(active.id) : nothing}
          placeholder="hatred, armour save, break test…"
          .value=${this.query}
          @input=${this.onInput}
          @keydown=${this.onKey}
        />
        ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
        ${this.entries.length === 0 && this.query ? html`<p class="muted">No rule matches “${this.query}”.</p>` : nothing}
        <ul
          id="rule-list"
          role="listbox"
          aria-label="Matching rules"
          tabindex="0"
          aria-activedescendant=${active ? optionId(active.id) : nothing}
          @keydown=${this.onKey}>
          ${this.entries.map(
            (entry) =>
              html`<li
                id=${optionId(entry.id)}
                role="option"
                aria-selected=${entry.id === this.chosen?.id ? 'true' : 'false'}
                @click=${() => (this.chosen = entry)}>
                ${entry.name}<span class="kind">${entry.kind}</span>
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
