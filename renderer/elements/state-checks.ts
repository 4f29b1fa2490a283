import { css, html, LitElement, nothing } from 'lit'
import type { StateChecks } from '../../core/api/game-api-contract.js'
import { baseStyles } from '../theme.js'

/**
 * Says plainly on the game screen what the state shown rests on, when it is not simply the events
 * replayed (issue 17 item 4): a state restored from a stored snapshot not yet checked against the
 * events before it, and each stored snapshot found wrong and set aside (its seq and what was wrong).
 * Shows nothing when the state is what the events give.
 */
export class StateChecksNotice extends LitElement {
  static override properties = { checks: { attribute: false } }

  checks: StateChecks | null = null

  static override styles = [
    baseStyles,
    css`
      /* No box of its own: when there is nothing to say, it takes no place (nor a gap) in the screen's grid. */
      :host {
        display: contents;
      }
      section {
        display: grid;
        gap: 0.4rem;
        border-color: var(--accent);
      }
      section.set-aside {
        border-color: var(--danger);
      }
      strong {
        font-size: 1.05rem;
      }
      .unverified strong {
        color: var(--accent);
      }
      .set-aside-line strong {
        color: var(--danger);
      }
      code {
        font-family: var(--mono);
      }
    `,
  ]

  override render() {
    const unverified = this.checks?.unverifiedSnapshot
    const setAside = this.checks?.setAside ?? []
    if (unverified === undefined && setAside.length === 0) return nothing
    return html`<section
      class="panel ${setAside.length > 0 ? 'set-aside' : ''}"
      role="status"
      aria-label="What this state rests on"
    >
      ${
        unverified === undefined
          ? nothing
          : html`<p class="unverified">
            <strong>Unverified state</strong> — restored from the snapshot stored at #${unverified}, not yet
            checked against the events before it. Replaying the game checks it; <code>arbiter verify</code>
            checks the whole game.
          </p>`
      }
      ${setAside.map(
        ({ seq, problem }) =>
          html`<p class="set-aside-line">
            <strong>Snapshot at #${seq} set aside</strong> — ${problem}. It was not used: what is shown is the
            events replayed.
          </p>`,
      )}
    </section>`
  }
}

customElements.define('state-checks', StateChecksNotice)

declare global {
  interface HTMLElementTagNameMap {
    'state-checks': StateChecksNotice
  }
}
