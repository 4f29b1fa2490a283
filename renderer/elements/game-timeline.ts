import { css, html, LitElement, nothing } from 'lit'
import type { StepDifference, StepView, WhatIfEdit, WhatIfResult } from '../../core/api/game-api-contract.js'
import { type Named, namesIn, stepSummary } from '../texts.js'
import { baseStyles } from '../theme.js'

/** Events listed either side of the one scrubbed to; the scrubber reaches the rest. */
const BEFORE = 5
const AFTER = 4

/**
 * The timeline: a scrubber over every event, from the first to the head, and the events around the
 * one shown. Dragging or clicking emits `scrub` ({ seq }); the shell shows the game as it stood
 * then (`openGame(gameId, seq)`) and the event's explanation.
 */
export class GameTimeline extends LitElement {
  static override properties = {
    steps: { attribute: false },
    head: { type: Number },
    seq: { type: Number },
    named: { attribute: false },
    fork: { attribute: false },
  }

  /** The game's players and its ruleset's variants: the texts read their names, not their ids. */
  named: Named = { players: [] }

  steps: readonly StepView[] = []
  head = 0
  seq = 0
  /** The last what-if fork asked for from here, to show beside the game (null: none). */
  fork: WhatIfResult | null = null

  static override styles = [
    baseStyles,
    css`
      .scrub {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4rem 0.8rem;
      }
      input[type='range'] {
        flex: 1 1 12rem;
        min-width: 0;
        min-height: 2.4rem;
        accent-color: var(--accent);
      }
      output {
        font-family: var(--mono);
        text-align: right;
      }
      ol {
        grid-template-columns: minmax(0, 1fr);
        list-style: none;
        margin: 0.5rem 0 0;
        padding: 0;
        display: grid;
        gap: 0.15rem;
      }
      li button {
        display: block;
        width: 100%;
        text-align: left;
        min-height: 2rem;
        padding: 0.2rem 0.6rem;
        background: transparent;
        border-color: transparent;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      /* A phone: an event wraps, rather than being cut short after a word. */
      @media (max-width: 40rem) {
        li button {
          white-space: normal;
        }
      }
      li button:hover {
        background: var(--hover);
      }
      li.current button {
        border-color: var(--accent);
        background: var(--raised);
      }
      li.later button {
        color: var(--muted);
      }
      .seq {
        font-family: var(--mono);
        color: var(--muted);
        margin-right: 0.4rem;
      }
      .type {
        font-weight: 600;
        margin-right: 0.4rem;
      }
      /* A voided event stays in the log: struck through, with the correction that voided it beside it. */
      li.voided s {
        color: var(--muted);
        text-decoration-thickness: 2px;
      }
      .what-if {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4rem 0.8rem;
        margin-top: 0.6rem;
      }
      .what-if input {
        font: inherit;
        width: 10rem;
        color: var(--text);
        background: var(--field);
        border: 1px solid var(--border);
        border-radius: 0.3rem;
        padding: 0.3rem;
      }
      .fork table {
        width: 100%;
        border-collapse: collapse;
      }
      .fork th,
      .fork td {
        text-align: left;
        vertical-align: top;
        padding: 0.25rem 0.5rem;
        border-top: 1px solid var(--border);
      }
      .correction {
        margin-left: 0.6rem;
        color: var(--heading);
        font-style: italic;
      }
    `,
  ]

  focusScrubber(): void {
    this.renderRoot.querySelector<HTMLInputElement>('input[type=range]')?.focus()
  }

  /** Asks for a what-if fork of the game (`what-if`, { edits }); the shell answers with `fork`. */
  private askWhatIf(edits: WhatIfEdit[]): void {
    this.dispatchEvent(new CustomEvent('what-if', { detail: { edits }, bubbles: true, composed: true }))
  }

  /** The what-if form for the event shown: other dice for a roll, another option for a choice, or the event voided. */
  private renderWhatIf(step: StepView | undefined) {
    if (!step || step.type === 'GameCreated' || step.type === 'Correction') return nothing
    if (step.correction && !step.correction.replacement) return nothing
    const faces = (step.payload as { faces?: number[] }).faces
    const others = this.otherOptions(step)
    const submit = (event: Event) => {
      event.preventDefault()
      const typed = (event.target as HTMLFormElement).querySelector('input')?.value ?? ''
      const parsed = typed
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number)
      this.askWhatIf([{ kind: 'dice', seq: step.seq, faces: parsed }])
    }
    return html`<form class="what-if" aria-label="What if" @submit=${submit}>
      <strong>What if</strong>
      ${
        faces
          ? html`<label>the dice of #${step.seq} had been
              <input name="faces" .value=${faces.join(' ')} aria-label="Dice faces for the what-if" />
            </label>
            <button type="submit">Fork with these dice</button>`
          : nothing
      }
      ${others.map(
        (
          option,
        ) => html`<button type="button" @click=${() => this.askWhatIf([{ kind: 'choice', seq: step.seq, option: option.id }])}>
          What if ${option.text}
        </button>`,
      )}
      <button type="button" @click=${() => this.askWhatIf([{ kind: 'void', seq: step.seq }])}>
        What if #${step.seq} never happened
      </button>
    </form>`
  }

  /** For a choice answered at `step`: the options not taken, from the step that asked it (none for other events). */
  private otherOptions(step: StepView): readonly { readonly id: string; readonly text: string }[] {
    if (step.type !== 'ChoiceMade') return []
    const { requestId, option } = step.payload as { requestId?: string; option?: string }
    for (const earlier of this.steps) {
      const asked = earlier.requests.find((request) => request.id === requestId)
      if (asked?.kind === 'choice') return asked.options.filter((each) => each.id !== option)
    }
    return []
  }

  private renderFork(fork: WhatIfResult, names: (text: string) => string) {
    const side = (s: StepDifference['real']) =>
      s === null ? '(not counted)' : names(stepSummary(s as Parameters<typeof stepSummary>[0]) || '(nothing)')
    return html`<section class="fork" aria-label="What-if fork">
      <p>
        ${
          fork.firstDivergence === null
            ? 'The fork does not differ from the game.'
            : `The fork diverges at #${fork.firstDivergence}.`
        }
        ${fork.stopped ? ` It stops at #${fork.stopped.seq}: ${names(fork.stopped.problem)}` : ''}
      </p>
      ${
        fork.steps.length > 0
          ? html`<table>
              <thead><tr><th scope="col">Event</th><th scope="col">The game</th><th scope="col">The fork</th></tr></thead>
              <tbody>
                ${fork.steps.map(
                  (step) => html`<tr>
                    <th scope="row">${step.seq === null ? `added #${step.forkSeq}` : `#${step.seq}`} ${step.type}</th>
                    <td>${side(step.real)}</td>
                    <td>${side(step.fork)}</td>
                  </tr>`,
                )}
              </tbody>
            </table>`
          : nothing
      }
      ${fork.units.map(
        (unit) =>
          html`<p>${names(unit.name)} differs at the head (${unit.fields.join(', ')})${
            unit.real && unit.fork ? `: ${unit.real.models} models in the game, ${unit.fork.models} in the fork` : ''
          }</p>`,
      )}
    </section>`
  }

  private scrub(seq: number): void {
    this.dispatchEvent(new CustomEvent('scrub', { detail: { seq }, bubbles: true, composed: true }))
  }

  override render() {
    const from = Math.max(1, this.seq - BEFORE)
    const to = Math.min(this.head, this.seq + AFTER)
    const names = namesIn(this.named)
    const shown: StepView[] = []
    for (let seq = from; seq <= to; seq++) {
      const step = this.steps[seq - 1]
      if (step) shown.push(step)
    }
    return html`<section class="panel" aria-label="Timeline">
      <div class="scrub">
        <h2 style="margin: 0">Timeline</h2>
        <input
          type="range"
          min="1"
          max=${Math.max(1, this.head)}
          step="1"
          aria-label="Timeline: the event shown"
          .value=${String(this.seq)}
          @input=${(e: Event) => this.scrub(Number((e.target as HTMLInputElement).value))}
        />
        <output aria-live="polite">#${this.seq} / ${this.head}</output>
      </div>
      <ol aria-label="Events">
        ${shown.map((step) => {
          const voided = step.correction !== undefined && step.correction.replacement === undefined
          const place = step.seq === this.seq ? 'current' : step.seq > this.seq ? 'later' : ''
          const said = html`<span class="seq">#${step.seq}</span><span class="type">${step.type}</span>${names(
            voided ? recordedSummary(step) : stepSummary(step),
          )}`
          return html`<li class="${place}${voided ? ' voided' : ''}">
            <button @click=${() => this.scrub(step.seq)} aria-current=${step.seq === this.seq ? 'step' : 'false'}>
              ${voided ? html`<s>${said}</s>` : said}${correctionNote(step, names)}
            </button>
          </li>`
        })}
      </ol>
      ${this.steps.length < this.head ? html`<p class="muted">Reading events ${this.steps.length + 1}–${this.head}…</p>` : nothing}
      ${this.renderWhatIf(this.steps[this.seq - 1])} ${this.fork ? this.renderFork(this.fork, names) : nothing}
    </section>`
  }
}

/** Beside a corrected event: which correction voided or replaced it, by whom and why. */
function correctionNote(step: StepView, names: (text: string) => string) {
  const { correction } = step
  if (!correction) return nothing
  const what = correction.replacement ? `replaced with ${correction.replacement.type}` : 'voided'
  return html`<span class="correction">${what} by #${correction.by} (${names(correction.author)}): ${correction.reason}</span>`
}

/** What a voided event recorded, in a few words: its fields as the log holds them. */
function recordedSummary(step: StepView): string {
  const payload = step.payload as Record<string, unknown> | null
  if (!payload || typeof payload !== 'object') return ''
  const { requestId, faces, option } = payload
  if (Array.isArray(faces)) return `rolled ${faces.join(', ')} for request ${String(requestId)}`
  if (typeof option === 'string') return `chose ${option} for request ${String(requestId)}`
  return Object.entries(payload)
    .map(
      ([key, value]) =>
        `${key} ${Array.isArray(value) ? value.join(' ') : typeof value === 'object' ? '…' : String(value)}`,
    )
    .join(', ')
}

customElements.define('game-timeline', GameTimeline)

declare global {
  interface HTMLElementTagNameMap {
    'game-timeline': GameTimeline
  }
}
