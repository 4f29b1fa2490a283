import { css, html, LitElement, nothing } from 'lit'
import { citedRules } from '../../core/api/client-kit.js'
import type { RuleEntry, RuleRef, StepView } from '../../core/api/game-api-contract.js'
import { type Named, namesIn } from '../texts.js'
import { baseStyles } from '../theme.js'
import './explanation-tree.js'

/**
 * What one event did and why: its outcomes, the requests it opened, then folded until asked for
 * (`open`), its explanation tree and the text of every rule the tree cites (from the catalogue),
 * the one last clicked first.
 */
export class ExplanationPanel extends LitElement {
  static override properties = {
    step: { attribute: false },
    catalogue: { attribute: false },
    cited: { attribute: false },
    named: { attribute: false },
    open: { type: Boolean },
    ruling: { state: true },
    live: { type: Boolean },
  }

  /** The game's players and its ruleset's variants: the texts read their names, not their ids. */
  named: Named = { players: [] }
  /** The reasons unfolded: a player asked (or looks at the past, or at a rule they clicked). */
  open = false

  step: StepView | null = null
  catalogue: readonly RuleEntry[] | null = null
  /** A rule a player clicked, anywhere: shown first, highlighted. */
  cited: RuleRef | null = null
  /** The table-ruling form is open for the step shown. */
  ruling = false
  /** The game is shown as it is now (not the past, where nothing acts on it): a ruling may be recorded. */
  live = true

  static override styles = [
    baseStyles,
    css`
      .step-head {
        font-size: 1.05rem;
        color: var(--muted);
        margin-bottom: 0.4rem;
      }
      .outcomes {
        margin: 0.3rem 0 0.8rem;
        padding-left: 1.2rem;
      }
      .outcomes li {
        font-size: 1.1rem;
        margin: 0.25rem 0;
      }
      .outcomes li.casualties {
        color: var(--danger);
        font-weight: 600;
      }
      .next {
        color: var(--accent);
      }
      form.ruling {
        display: grid;
        gap: 0.4rem;
        margin: 0.5rem 0;
      }
      form.ruling input:not([type='checkbox']),
      form.ruling select {
        font: inherit;
        color: var(--text);
        background: var(--field);
        border: 1px solid var(--border);
        border-radius: 0.3rem;
        padding: 0.3rem;
      }
      .rules {
        display: grid;
        gap: 0.5rem;
      }
      .rule {
        padding: 0.5rem 0.7rem;
        border: 1px solid var(--border);
        border-radius: 0.45rem;
        background: var(--bg);
      }
      .rule.cited {
        border-color: var(--rule);
      }
      .rule .name {
        font-weight: 700;
      }
      .rule .clause {
        margin: 0.2rem 0;
      }
      .rule .whole {
        color: var(--muted);
        font-size: 0.9rem;
      }
      details.why > summary {
        cursor: pointer;
        padding: 0.5rem 0;
        color: var(--accent);
        font-weight: 600;
      }
    `,
  ]

  private entry(rule: RuleRef): RuleEntry | undefined {
    return this.catalogue?.find((entry) => entry.id === rule.id)
  }

  private renderRule(rule: RuleRef, highlighted: boolean) {
    const entry = this.entry(rule)
    const clause = entry?.clauses[rule.clause]
    return html`<article class="rule ${highlighted ? 'cited' : ''}" aria-label=${`Rule ${rule.id} §${rule.clause}`}>
      <div>
        <span class="name">${entry?.name ?? rule.id}</span>
        <span class="rule-ref">${rule.ruleset}/${rule.id} §${rule.clause}</span>
      </div>
      ${clause ? html`<p class="clause">§${rule.clause}: ${clause}</p>` : nothing}
      ${
        entry
          ? html`<details>
            <summary class="muted">The whole rule</summary>
            <p class="whole">${entry.text}</p>
          </details>`
          : html`<p class="muted">This rule is not in the loaded catalogue.</p>`
      }
    </article>`
  }

  /** The units an outcome of the step is about: those a ruling on it may rule on. */
  private unitsOf(step: StepView): string[] {
    const ids = step.outcomes.map((outcome) => (outcome.values as { unit?: unknown }).unit)
    return [...new Set(ids.filter((id): id is string => typeof id === 'string'))]
  }

  /**
   * A table ruling on the step shown (docs/corrections.md): what the table applies to a unit instead, and why,
   * every player agreeing. Sent as `ruling` ({ about, units, dropOpen, why }); the shell records it.
   */
  private renderRulingForm(step: StepView) {
    const units = this.unitsOf(step)
    if (!this.ruling)
      return html`<button class="rule-it" @click=${() => (this.ruling = true)}>The table rules otherwise…</button>`
    const names = namesIn(this.named)
    const submit = (event: Event) => {
      event.preventDefault()
      const form = event.target as HTMLFormElement
      const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? ''
      const models = value('models')
      const fleeing = value('fleeing')
      const ruled = {
        unit: value('unit'),
        ...(models === '' ? {} : { models: Number(models) }),
        ...(fleeing === '' ? {} : { fleeing: fleeing === 'yes' }),
      }
      const dropOpen = (form.elements.namedItem('dropOpen') as HTMLInputElement).checked
      const detail = { about: step.seq, units: [ruled], dropOpen, why: value('why') }
      this.dispatchEvent(new CustomEvent('ruling', { detail, bubbles: true, composed: true }))
      this.ruling = false
    }
    return html`<form class="ruling" aria-label="Table ruling" @submit=${submit}>
      <label>Unit <select name="unit">${units.map((id) => html`<option value=${id}>${names(id)}</option>`)}</select></label>
      <label>Models left <input name="models" type="number" min="0" inputmode="numeric" /></label>
      <label
        >Fleeing
        <select name="fleeing">
          <option value="">as the rules say</option>
          <option value="yes">yes</option>
          <option value="no">no</option>
        </select></label
      >
      <label><input name="dropOpen" type="checkbox" /> the rolls the rules still ask for are not owed</label>
      <label>Why <input name="why" required /></label>
      <label><input name="agreed" type="checkbox" required /> every player agrees</label>
      <button type="submit" class="primary">Record the ruling</button>
      <button type="button" @click=${() => (this.ruling = false)}>Cancel</button>
    </form>`
  }

  override render() {
    const step = this.step
    const key = (rule: RuleRef) => `${rule.ruleset}/${rule.id}#${rule.clause}`
    const cited = step?.explanation ? citedRules(step.explanation) : []
    const first = this.cited
    const rules = first ? [first, ...cited.filter((rule) => key(rule) !== key(first))] : cited
    const names = namesIn(this.named)
    const actor = this.named.players.find((player) => player.id === step?.actor)?.name ?? step?.actor
    const reasons =
      step?.explanation || rules.length > 0
        ? html`<details class="why" ?open=${this.open || first !== null}>
            <summary>Why: the reasons and the rules</summary>
            ${step?.explanation ? html`<explanation-tree .node=${step.explanation} .named=${this.named}></explanation-tree>` : nothing}
            ${
              rules.length > 0
                ? html`<h3>Rules cited</h3>
                  <div class="rules">${rules.map((rule) => this.renderRule(rule, first !== null && key(rule) === key(first)))}</div>`
                : nothing
            }
          </details>`
        : nothing
    return html`<section class="panel" aria-label="Explanation">
      <h2>What happened</h2>
      ${
        step
          ? html`<div class="step-head">#${step.seq} ${step.type} · ${actor}</div>
            ${
              step.outcomes.length > 0
                ? html`<ul class="outcomes" aria-label="Outcomes">
                  ${step.outcomes.map((outcome) => html`<li class=${outcome.kind}>${names(outcome.text)}</li>`)}
                </ul>`
                : nothing
            }
            ${step.requests.map((request) => html`<p class="next">→ next: ${names(request.text)}</p>`)}
            ${this.live && this.unitsOf(step).length > 0 ? this.renderRulingForm(step) : nothing}`
          : html`<p class="muted">Each result appears here with its reasons. Pick an event on the timeline to see why it happened.</p>`
      }
      ${reasons}
    </section>`
  }
}

customElements.define('explanation-panel', ExplanationPanel)

declare global {
  interface HTMLElementTagNameMap {
    'explanation-panel': ExplanationPanel
  }
}
