import { css, html, LitElement } from 'lit'
import { shortcuts } from '../shortcuts.js'
import { baseStyles } from '../theme.js'

/** The keyboard shortcuts, listed from the same table the shell acts on. Escape or the button closes it. */
export class ShortcutHelp extends LitElement {
  static override styles = [
    baseStyles,
    css`
      .backdrop {
        position: fixed;
        inset: 0;
        background: rgb(0 0 0 / 0.6);
        display: grid;
        place-items: center;
        z-index: 10;
      }
      [role='dialog'] {
        max-width: 44rem;
        width: calc(100% - 2rem);
        /* Taller than a phone's screen: it scrolls inside, its top never cut off. */
        max-height: calc(100vh - 2rem);
        overflow-y: auto;
      }
      table {
        border-collapse: collapse;
        width: 100%;
      }
      td {
        padding: 0.35rem 0.5rem;
        border-bottom: 1px solid var(--border);
      }
      td:first-child {
        width: 5rem;
        text-align: center;
      }
    `,
  ]

  override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('button')?.focus()
  }

  override render() {
    return html`<div class="backdrop" @click=${(e: Event) => e.target === e.currentTarget && this.close()}>
      <section class="panel" role="dialog" aria-modal="true" aria-label="Keyboard shortcuts">
        <h2>Keyboard shortcuts</h2>
        <p class="muted">
          Single keys, when no field has the focus; the ones that act do nothing while the past is shown. In the dice
          entry: Tab moves between faces, Enter records, R in a count rolls for me.
        </p>
        <table>
          ${shortcuts.map((shortcut) => html`<tr><td><kbd>${shortcut.key}</kbd></td><td>${shortcut.text}</td></tr>`)}
        </table>
        <p><button @click=${this.close}>Close</button></p>
      </section>
    </div>`
  }

  private close(): void {
    this.dispatchEvent(new CustomEvent('close'))
  }
}

customElements.define('shortcut-help', ShortcutHelp)

declare global {
  interface HTMLElementTagNameMap {
    'shortcut-help': ShortcutHelp
  }
}
