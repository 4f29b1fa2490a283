import { css, html, LitElement } from 'lit'
import type { ChoiceRequestSpec, OpenRequest } from '../../core/api/game-api-contract.js'
import { baseStyles } from '../theme.js'

type ChoiceRequest = OpenRequest & ChoiceRequestSpec

/**
 * A choice the rules ask a player to make (pursue or hold, …): one button per option the request
 * offers, numbered so a key picks it (the shell passes 1 to 9 here wherever the focus is). Emits
 * `declare` with the ChoiceMade draft.
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
        min-height: 3rem;
        font-size: 1.05rem;
      }
    `,
  ]

  focusFirst(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('button')?.focus()
  }

  /** Picks the option numbered `index + 1` (the key shown on it); false when there is none. */
  chooseAt(index: number): boolean {
    const option = this.request?.options[index]
    if (!option || this.busy) return false
    this.choose(option.id)
    return true
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
