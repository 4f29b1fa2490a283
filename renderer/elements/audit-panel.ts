import { css, html, LitElement, nothing } from 'lit'
import type { AuditEntry, AuditReport } from '../../core/api/game-api-contract.js'
import { type Named, namesIn } from '../texts.js'
import { baseStyles } from '../theme.js'
import './explanation-tree.js'

/**
 * The audit (docs/audit.md): every place the game departs from the rules — claims that differ, rulings,
 * corrections — each marked with whether it changed the game. An entry opens the rules' explanation and the
 * table's side by side, with the rules it cites in their words.
 */
export class AuditPanel extends LitElement {
  static override properties = {
    report: { attribute: false },
    named: { attribute: false },
    opened: { state: true },
  }

  report: AuditReport | null = null
  named: Named = { players: [] }
  opened: AuditEntry | null = null

  static override styles = [
    baseStyles,
    css`
      ol {
        list-style: none;
        padding: 0;
        margin: 0.4rem 0;
        display: grid;
        gap: 0.3rem;
      }
      li button {
        width: 100%;
        text-align: left;
      }
      .changed {
        color: var(--danger);
        font-weight: 600;
      }
      .kept {
        color: var(--good);
      }
      .sides {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
        gap: 1rem;
        margin-top: 0.6rem;
      }
      .sides section {
        border: 1px solid var(--border);
        border-radius: 0.4rem;
        padding: 0.5rem 0.8rem;
      }
      h3 {
        margin-top: 0;
      }
      .rule {
        color: var(--rule);
        font-family: var(--mono);
      }
    `,
  ]

  private renderEntry(entry: AuditEntry, names: (text: string) => string) {
    const open = this.opened === entry
    return html`<li>
      <button aria-expanded=${open ? 'true' : 'false'} @click=${() => (this.opened = open ? null : entry)}>
        #${entry.seq} ${entry.kind} by ${names(entry.by)} (seqs ${entry.seqs.join(', ')}):
        ${names(entry.table)}
        <span class=${entry.changedGame ? 'changed' : 'kept'}>
          ${entry.changedGame ? 'changed the game' : 'did not change the game'}
        </span>
      </button>
      ${open ? this.renderSides(entry, names) : nothing}
    </li>`
  }

  private renderSides(entry: AuditEntry, names: (text: string) => string) {
    return html`<div class="sides" role="group" aria-label="Both explanations">
      <section aria-label="What the rules give">
        <h3>What the rules give</h3>
        <p>${entry.rules === null ? 'the events as recorded' : names(entry.rules)}</p>
        ${
          entry.engineExplanation
            ? html`<explanation-tree .node=${entry.engineExplanation} .named=${this.named}></explanation-tree>`
            : nothing
        }
        ${entry.cited.map(
          (rule) =>
            html`<p><span class="rule">${rule.ruleset}/${rule.id} §${rule.clause}</span> ${rule.name}: ${rule.text}</p>`,
        )}
      </section>
      <section aria-label="What the table did">
        <h3>What the table did</h3>
        <p>${names(entry.table)}</p>
        ${
          entry.tableExplanation
            ? html`<explanation-tree .node=${entry.tableExplanation} .named=${this.named}></explanation-tree>`
            : nothing
        }
        ${entry.changes.map((change) => html`<p class="changed">${names(change)}</p>`)}
      </section>
    </div>`
  }

  override render() {
    const report = this.report
    const names = namesIn(this.named)
    return html`<section class="panel" aria-label="Audit">
      <h2>Audit</h2>
      ${
        report === null
          ? html`<p class="muted">Reading the game…</p>`
          : report.entries.length === 0
            ? html`<p>The game follows the rules: no claim differs, no ruling, no correction.</p>`
            : html`<p>
                ${report.entries.length} departures from the rules;
                ${report.entries.filter((entry) => entry.changedGame).length} changed the game.
              </p>
              <ol aria-label="Departures from the rules">
                ${report.entries.map((entry) => this.renderEntry(entry, names))}
              </ol>`
      }
    </section>`
  }
}

customElements.define('audit-panel', AuditPanel)

declare global {
  interface HTMLElementTagNameMap {
    'audit-panel': AuditPanel
  }
}
