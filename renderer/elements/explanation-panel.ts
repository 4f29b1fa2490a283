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
  }

  /** The game's players and its ruleset's variants: the texts read their names, not their ids. */
  named: Named = { players: [] }
  /** The reasons unfolded: a player asked (or looks at the past, or at a rule they clicked). */
  open = false

  step: StepView | null = null
  catalogue: readonly RuleEntry[] | null = null
  /** A rule a player clicked, anywhere: shown first, highlighted. */
  cited: RuleRef | null = null

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
            ${step.requests.map((request) => html`<p class="next">→ next: ${names(request.text)}</p>`)}`
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
