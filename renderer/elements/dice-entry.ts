import { css, html, LitElement, type PropertyValues } from 'lit'
import type { DiceRequestSpec, OpenRequest } from '../../core/api/game-api-contract.js'
import { type FacesRead, facesFromCounts, facesFromList } from '../dice-faces.js'
import { baseStyles } from '../theme.js'

type DiceRequest = OpenRequest & DiceRequestSpec

/** Above this many sides a die's faces are typed as a list: a field per face would not fit. */
const MOST_SIDES_COUNTED = 12

/**
 * Dice entry as fast as a table needs, by keyboard alone: how many dice show each face ("how many
 * 1s, 2s, …": sort the dice by face, count, type), or the faces as a list ("6 2 3 5 1", or "62351"
 * for dice under ten sides). Enter records them once their number is the one asked for; "roll for
 * me" (or R in a count) lets Arbiter roll. On a phone each count has + and − to tap. Emits `dice`
 * ({ requestId, faces, actor }) and `roll-for-me`.
 */
export class DiceEntry extends LitElement {
  static override properties = {
    request: { attribute: false },
    busy: { type: Boolean },
    mode: { state: true },
    counts: { state: true },
    list: { state: true },
  }

  request: DiceRequest | null = null
  busy = false
  mode: 'counts' | 'list' = 'counts'
  /** counts[face - 1]: how many dice show that face. */
  counts: number[] = []
  list = ''
  private requestId: string | null = null
  /**
   * The request whose answer was just sent: not sent twice while the write is in flight. Any other
   * request may be answered at once, even while the last write finishes reloading the game.
   */
  private sentFor: string | null = null

  static override styles = [
    baseStyles,
    css`
      form {
        display: grid;
        gap: 0.6rem;
      }
      .faces {
        display: grid;
        grid-template-columns: repeat(var(--columns, 6), minmax(0, 1fr));
        gap: 0.4rem;
      }
      .face {
        display: grid;
        gap: 0.15rem;
        text-align: center;
        min-width: 0;
      }
      /* + and − are for fingers: shown on a narrow or touch screen, out of the keyboard's way. */
      .face button.step {
        display: none;
        min-height: 2.8rem;
        padding: 0;
        font-size: 1.3rem;
        font-weight: 700;
      }
      @media (max-width: 40rem), (pointer: coarse) {
        .face button.step {
          display: block;
        }
        .face input {
          min-height: 2.8rem;
        }
      }
      .face label {
        font-size: 1rem;
        color: var(--text);
        font-weight: 600;
      }
      .face.hit label {
        color: var(--good);
      }
      .face input {
        width: 100%;
        text-align: center;
        font-size: 1.3rem;
        font-weight: 700;
        padding: 0.2rem;
      }
      input.list {
        width: 100%;
        font-size: 1.3rem;
        font-family: var(--mono);
        letter-spacing: 0.1em;
      }
      .tally {
        font-size: 1rem;
      }
      .tally.ready {
        color: var(--good);
      }
      .tally.over {
        color: var(--danger);
      }
    `,
  ]

  override willUpdate(changed: PropertyValues<this>): void {
    // The write is over (done or refused): a refused answer may be corrected and sent again.
    if (changed.has('busy') && !this.busy) this.sentFor = null
    const request = this.request
    if (request && request.id !== this.requestId) {
      // A new request starts from nothing: counts left from the last roll would be a wrong answer.
      this.requestId = request.id
      this.counts = new Array(request.sides).fill(0)
      this.list = ''
      if (request.sides > MOST_SIDES_COUNTED) this.mode = 'list'
    }
  }

  focusFirst(): void {
    const field = this.renderRoot.querySelector<HTMLInputElement>(this.mode === 'counts' ? '.face input' : 'input.list')
    field?.focus()
    field?.select()
  }

  rollForMe(): void {
    const request = this.request
    if (!request || this.busy) return
    this.dispatchEvent(
      new CustomEvent('roll-for-me', {
        detail: { requestId: request.id, actor: request.roller },
        bubbles: true,
        composed: true,
      }),
    )
  }

  /** The faces entered, or why they are not an answer yet. */
  private faces(): FacesRead {
    const request = this.request
    if (!request) return { problem: 'no request' }
    return this.mode === 'counts'
      ? facesFromCounts(this.counts, request.count)
      : facesFromList(this.list, request.sides, request.count)
  }

  private submit(event: Event): void {
    event.preventDefault()
    const request = this.request
    const answer = this.faces()
    if (!request || request.id === this.sentFor || !('faces' in answer)) return
    this.sentFor = request.id
    this.dispatchEvent(
      new CustomEvent('dice', {
        detail: { requestId: request.id, faces: answer.faces, actor: request.roller },
        bubbles: true,
        composed: true,
      }),
    )
  }

  private setCount(index: number, value: string): void {
    const count = Math.max(0, Math.trunc(Number(value) || 0))
    this.counts = this.counts.map((each, i) => (i === index ? count : each))
  }

  private stepCount(index: number, by: 1 | -1): void {
    this.setCount(index, String((this.counts[index] ?? 0) + by))
  }

  /** R in a count (a digit field, where a letter is no die) rolls for me, as it does outside any field. */
  private onCountKey(event: KeyboardEvent): void {
    if (event.key.toLowerCase() !== 'r' || event.ctrlKey || event.metaKey || event.altKey) return
    event.preventDefault()
    this.rollForMe()
  }

  override render() {
    const request = this.request
    if (!request) return html``
    const answer = this.faces()
    const tally =
      'faces' in answer
        ? html`<span class="tally ready" role="status">${request.count} dice: Enter records them</span>`
        : html`<span
            class="tally ${/too many|is not/.test(answer.problem) ? 'over' : ''}"
            role="status"
            data-testid="dice-problem"
            >${answer.problem}</span
          >`
    return html`<form @submit=${this.submit} aria-label="Dice entry">
      ${
        this.mode === 'counts'
          ? html`<div
            class="faces"
            role="group"
            aria-label="How many dice show each face"
            style=${`--columns: ${Math.min(request.sides, 6)}`}
          >
            ${this.counts.map(
              (count, index) =>
                html`<div class="face ${request.need !== undefined && index + 1 >= request.need ? 'hit' : ''}">
                  <label for=${`face-${index + 1}`}>${index + 1}s</label>
                  <button
                    type="button"
                    class="step"
                    tabindex="-1"
                    aria-label=${`One more ${index + 1}`}
                    @click=${() => this.stepCount(index, 1)}
                  >
                    +
                  </button>
                  <input
                    id=${`face-${index + 1}`}
                    type="number"
                    inputmode="numeric"
                    min="0"
                    max=${request.count}
                    aria-label=${`How many ${index + 1}s`}
                    .value=${String(count)}
                    @focus=${(e: Event) => (e.target as HTMLInputElement).select()}
                    @keydown=${this.onCountKey}
                    @input=${(e: Event) => this.setCount(index, (e.target as HTMLInputElement).value)}
                  />
                  <button
                    type="button"
                    class="step"
                    tabindex="-1"
                    aria-label=${`One fewer ${index + 1}`}
                    ?disabled=${count === 0}
                    @click=${() => this.stepCount(index, -1)}
                  >
                    −
                  </button>
                </div>`,
            )}
          </div>`
          : html`<input
            class="list"
            inputmode="numeric"
            aria-label="The faces, as a list"
            placeholder=${Array.from({ length: Math.min(request.count, 6) }, (_, i) => ((i * 7) % request.sides) + 1).join(' ')}
            .value=${this.list}
            @input=${(e: Event) => (this.list = (e.target as HTMLInputElement).value)}
          />`
      }
      <div class="row">
        <button class="primary" type="submit" ?disabled=${request.id === this.sentFor || !('faces' in answer)}>Record the dice</button>
        <button type="button" ?disabled=${this.busy} @click=${this.rollForMe}>Roll for me <kbd>R</kbd></button>
        ${
          request.sides <= MOST_SIDES_COUNTED
            ? html`<button
              type="button"
              @click=${() => {
                this.mode = this.mode === 'counts' ? 'list' : 'counts'
                void this.updateComplete.then(() => this.focusFirst())
              }}
            >
              ${this.mode === 'counts' ? 'Type a list instead' : 'Count by face instead'}
            </button>`
            : ''
        }
        ${tally}
      </div>
    </form>`
  }
}

customElements.define('dice-entry', DiceEntry)

declare global {
  interface HTMLElementTagNameMap {
    'dice-entry': DiceEntry
  }
}
