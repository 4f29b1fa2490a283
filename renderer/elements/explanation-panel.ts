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
    claiming: { state: true },
    live: { type: Boolean },
    units: { attribute: false },
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
  /** The claim form is open for the step shown. */
  claiming = false
  /** The game's units, by id: the forms name them. */
  units: Readonly<Record<string, { readonly name: string }>> = {}

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
      form.claim,
      form.ruling {
        display: grid;
        gap: 0.4rem;
        margin: 0.5rem 0;
      }
      form.ruling input:not([type='checkbox']),
      form.ruling select,
      form.claim input,
      form.claim select {
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

  private unitName(id: string): string {
    return this.units[id]?.name ?? id
  }

  /**
   * "Claim what the table did" about the step shown (docs/audit.md): what came out of it at the table (models
   * removed, inches fled, a break test, a combat result), how its roll was played (the score each die needed, the
   * Leadership a test was taken on, a re-roll) and a special rule applied to it. Each field left empty is not
   * claimed. Sent as `claim` ({ actor, payload }); the shell records it and shows the audit.
   */
  private renderClaimForm(step: StepView) {
    if (!this.claiming)
      return html`<button class="claim-it" @click=${() => (this.claiming = true)}>Claim what the table did…</button>`
    const units = this.unitsOf(step)
    const outcome = (kind: string) => step.outcomes.find((o) => o.kind === kind)
    const result = outcome('combat-result')?.values as { combat: string; scores: Record<string, number> } | undefined
    const roll = step.type === 'DiceRolled' ? (step.payload as { requestId: string }).requestId : null
    const specialRules = [...(this.catalogue ?? [])]
      .filter((entry) => entry.kind === 'special-rule')
      .sort((a, b) => a.name.localeCompare(b.name))
    const players = this.named.players
    const submit = (event: Event) => {
      event.preventDefault()
      const form = event.target as HTMLFormElement
      const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? ''
      const number = (name: string) => (value(name) === '' ? undefined : Number(value(name)))
      const choice = (name: string) => (value(name) === '' ? undefined : value(name))
      const scores = result
        ? Object.fromEntries(
            players.flatMap((player) =>
              number(`score-${player.id}`) === undefined ? [] : [[player.id, number(`score-${player.id}`)]],
            ),
          )
        : {}
      const rerolled = choice('rerolled')
      const rule = choice('rule')
      const payload = {
        about: step.seq,
        unit: choice('unit'),
        modelsRemoved: number('modelsRemoved'),
        fledInches: number('fledInches'),
        breakTest: choice('breakTest'),
        ...(Object.keys(scores).length > 0 ? { combat: result?.combat, scores } : {}),
        need: number('need'),
        leadership: number('leadership'),
        rerolled: rerolled === undefined ? undefined : rerolled === 'yes',
        rule,
        ruleApplied: rule === undefined ? undefined : value('ruleApplied') !== 'no',
        note: choice('note'),
      }
      // Only what the table claims: a unit alone says nothing.
      if (payload.modelsRemoved === undefined && payload.fledInches === undefined && payload.breakTest === undefined)
        payload.unit = undefined
      // What the table left unclaimed is not written at all.
      const claimed = Object.fromEntries(Object.entries(payload).filter(([, each]) => each !== undefined))
      const detail = { actor: value('actor'), payload: claimed }
      this.dispatchEvent(new CustomEvent('claim', { detail, bubbles: true, composed: true }))
      this.claiming = false
    }
    const either = (name: string, label: string, options: readonly [string, string][]) =>
      html`<label
        >${label}
        <select name=${name}>
          <option value="">not claimed</option>
          ${options.map(([id, text]) => html`<option value=${id}>${text}</option>`)}
        </select></label
      >`
    return html`<form class="claim" aria-label="Claim" @submit=${submit}>
      <label
        >Claimed by
        <select name="actor">
          ${players.map((player) => html`<option value=${player.id}>${player.name}</option>`)}
        </select></label
      >
      ${
        units.length > 0
          ? html`<label
                >Unit
                <select name="unit">
                  ${units.map((id) => html`<option value=${id}>${this.unitName(id)}</option>`)}
                </select></label
              >
            ${outcome('casualties') ? html`<label>Models removed <input name="modelsRemoved" type="number" min="0" /></label>` : nothing}
            ${outcome('fled') ? html`<label>Fled (inches) <input name="fledInches" type="number" min="0" /></label>` : nothing}
            ${
              outcome('break-test')
                ? either('breakTest', 'Break test', [
                    ['passed', 'passed'],
                    ['failed', 'failed'],
                  ])
                : nothing
            }`
          : nothing
      }
      ${
        result
          ? players.map(
              (player) =>
                html`<label>Combat result: ${player.name} <input name=${`score-${player.id}`} type="number" /></label>`,
            )
          : nothing
      }
      ${
        roll
          ? html`<fieldset>
              <legend>The roll (request ${roll})</legend>
              <label>Needed on each die <input name="need" type="number" min="1" max="10" /></label>
              <label>Test taken on (Leadership) <input name="leadership" type="number" min="-20" max="20" /></label>
              ${either('rerolled', 'Re-rolled', [
                ['yes', 'yes'],
                ['no', 'no'],
              ])}
            </fieldset>`
          : nothing
      }
      ${either(
        'rule',
        'Special rule',
        specialRules.map((entry) => [entry.id, entry.name]),
      )}
      <label
        >The rule was
        <select name="ruleApplied">
          <option value="yes">applied</option>
          <option value="no">not applied</option>
        </select></label
      >
      <label>Note <input name="note" /></label>
      <button type="submit" class="primary">Record the claim</button>
      <button type="button" @click=${() => (this.claiming = false)}>Cancel</button>
    </form>`
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
      <label>Unit <select name="unit">${units.map((id) => html`<option value=${id}>${this.unitName(id)}</option>`)}</select></label>
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
            ${this.live && this.unitsOf(step).length > 0 ? this.renderRulingForm(step) : nothing}
            ${step.seq > 1 && !step.correction && !NOT_CLAIMED.has(step.type) ? this.renderClaimForm(step) : nothing}`
          : html`<p class="muted">Each result appears here with its reasons. Pick an event on the timeline to see why it happened.</p>`
      }
      ${reasons}
    </section>`
  }
}

/** Events that are the table's own word, not the rules' play: nothing to claim about them. */
const NOT_CLAIMED = new Set(['Claim', 'Ruling', 'Correction', 'Note', 'HeadSigned', 'PlayerKeyRecorded'])

customElements.define('explanation-panel', ExplanationPanel)

declare global {
  interface HTMLElementTagNameMap {
    'explanation-panel': ExplanationPanel
  }
}
