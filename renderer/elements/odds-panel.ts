import { css, html, LitElement, nothing } from 'lit'
import { type OddsOfRequest, type RollOdds, rollOdds } from '../../core/api/odds.js'
import { baseStyles } from '../theme.js'

/**
 * The odds before a roll, worked out in core (`rollOdds`, exact sums) from how the request says its procedure will
 * judge the faces: a test's chance to pass (and a graded test's worse failure), the expected successes or total, and
 * for a count (hits, successes, D3s) the chance of at least each value as a bar. A request that does not say how it
 * is judged shows nothing: the renderer never guesses it from the request's purpose.
 */
export class OddsPanel extends LitElement {
  static override properties = {
    request: { attribute: false },
  }

  request: OddsOfRequest | null = null
  private oddsFor: OddsOfRequest | null = null
  private odds: RollOdds | null = null

  static override styles = [
    baseStyles,
    css`
      .expected,
      .pass {
        margin: 0 0 0.4rem;
      }
      .expected strong {
        color: var(--heading);
        font-size: 1.15rem;
      }
      .pass strong {
        color: var(--heading);
        font-size: 1.6rem;
      }
      .pass .worse {
        display: inline-block;
      }
      .bars {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(3.1rem, 1fr));
        gap: 0.25rem;
        margin-bottom: 0.6rem;
      }
      .bar {
        display: grid;
        grid-template-rows: 2.6rem auto auto;
        text-align: center;
        font-size: 0.8rem;
      }
      .track {
        position: relative;
        background: var(--field);
        border: 1px solid var(--border);
        border-radius: 0.25rem;
        overflow: hidden;
      }
      .fill {
        position: absolute;
        left: 0;
        right: 0;
        bottom: 0;
        background: var(--accent);
        opacity: 0.75;
      }
      .k {
        color: var(--muted);
      }
      .p {
        font-weight: 600;
      }
    `,
  ]

  override willUpdate(): void {
    const request = this.request
    if (request === this.oddsFor) return
    this.oddsFor = request
    this.odds = request ? rollOdds(request) : null
  }

  override render() {
    const odds = this.odds
    if (!odds) return nothing
    return html`<section aria-label="Odds">
      ${odds.pass ? this.renderPass(odds) : nothing} ${this.renderExpected(odds)}
      ${odds.pass ? nothing : this.renderAtLeast(odds)}
    </section>`
  }

  private renderPass(odds: RollOdds) {
    const pass = odds.pass
    if (!pass) return nothing
    return html`<p class="pass">
      Chance to pass <strong data-testid="pass-chance" title=${pass.exact}>${percent(pass.value)}</strong>
      ${
        odds.worse
          ? html`<span class="worse muted" data-testid="worse-chance" title=${odds.worse.exact}
              >· the worse failure ${percent(odds.worse.value)}</span
            >`
          : nothing
      }
    </p>`
  }

  private renderExpected(odds: RollOdds) {
    const expected = html`<strong data-testid="expected" title=${odds.expected.exact}>${round(odds.expected.value)}</strong>`
    if (odds.kind === 'successes')
      return html`<p class="expected">
        Expect ${expected} of ${odds.count}
        ${odds.perDie ? html`<span class="muted">(each die ${percent(odds.perDie.value)}, ${odds.perDie.exact})</span>` : nothing}
      </p>`
    // Beside a test's chance to pass the average is a detail; for a count (inches, hits) it is the headline.
    return odds.pass
      ? html`<p class="expected muted">average total ${round(odds.expected.value)}</p>`
      : html`<p class="expected">Average total ${expected}</p>`
  }

  private renderAtLeast(odds: RollOdds) {
    // The least value is certain: the bars start one above it.
    const shown = odds.atLeast.slice(1)
    if (shown.length === 0) return nothing
    return html`<div class="bars" role="list" aria-label="Chance of at least">
      ${shown.map(
        ({ value, chance }) =>
          html`<div class="bar" role="listitem" title=${`at least ${value}: ${chance.exact}`}>
            <div class="track"><div class="fill" style=${`height: ${(chance.value * 100).toFixed(1)}%`}></div></div>
            <span class="p">${percent(chance.value)}</span>
            <span class="k">≥${value}</span>
          </div>`,
      )}
    </div>`
  }
}

function round(value: number): string {
  return value.toFixed(2).replace(/\.?0+$/, '')
}

/** A chance as players read it: one decimal, never 0% or 100% for what may or may not happen. */
function percent(value: number): string {
  const pct = value * 100
  if (pct <= 0) return '0%'
  if (pct >= 100) return '100%'
  if (pct < 0.1) return '<0.1%'
  if (pct > 99.9) return '>99.9%'
  return `${pct.toFixed(1).replace(/\.0$/, '')}%`
}

customElements.define('odds-panel', OddsPanel)

declare global {
  interface HTMLElementTagNameMap {
    'odds-panel': OddsPanel
  }
}
