import { css, html, LitElement } from 'lit'
import type { ChoiceRequestSpec, OpenRequest } from '../../core/engine/types.js'
import { baseStyles } from '../theme.js'

type ChoiceRequest = OpenRequest & ChoiceRequestSpec

/**
 * A choice the rules ask a player to make (pursue or hold, …): one button per option the request
 * offers, numbered so a key picks it. Emits `declare` with the ChoiceMade draft.
 */
export class ChoiceEntry extends LitElement {
  static override properties = {
    request: { attribute: false },
    busy: { type: Boolean },
  }

  request: ChoiceRequest | null = null
  busy = false

  static override styles = [
    baseStyles,
    css`
      .options {
        display: grid;
        gap: 0.4rem;
      }
      button {
        text-align: left;
      }
    `,
  ]

  focusFirst(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('button')?.focus()
  }

  private choose(option: string): void {
    const request = this.request
    if (!request || this.busy) return
    this.dispatchEvent(
      new CustomEvent('declare', {
        detail: { type: 'ChoiceMade', actor: request.chooser, payload: { requestId: request.id, option } },
        bubbles: true,
        composed: true,
      }),
    )
  }

  private onKey(event: KeyboardEvent): void {
    const index = Number(event.key) - 1
    const option = this.request?.options[index]
    if (option && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault()
      this.choose(option.id)
    }
  }

  override render() {
    const request = this.request
    if (!request) return html``
    return html`<div class="options" role="group" aria-label="Choose" @keydown=${this.onKey}>
      ${request.options.map(
        (option, index) =>
          html`<button ?disabled=${this.busy} @click=${() => this.choose(option.id)}>
            <kbd>${index + 1}</kbd> ${option.text}
          </button>`,
      )}
    </div>`
  }
}

customElements.define('choice-entry', ChoiceEntry)

declare global {
  interface HTMLElementTagNameMap {
    'choice-entry': ChoiceEntry
  }
}
