import { css, html, LitElement, nothing } from 'lit'
import { type DiceOdds, type DiceOddsRequest, diceOdds } from '../../core/api/client-kit.js'
import type { DiceRequestSpec, OpenRequest } from '../../core/api/game-api-contract.js'
import { baseStyles } from '../theme.js'

type DiceRequest = OpenRequest & DiceRequestSpec
/** Fields a dice request may carry beside its need, named as `diceOdds` takes them. */
type OddsHints = Partial<Pick<DiceOddsRequest, 'reroll' | 'naturalOneFails' | 'naturalSixSucceeds'>>

/**
 * The odds before a roll, worked out in core (`diceOdds`, exact binomial sums) from what the
 * request says: how many dice, their sides, the score each needs, and the re-rolls when the
 * request names them. The expected successes, then the chance of at least each count as a bar.
 * A request with no score to reach (a break test's 2D6, a flee roll) has no successes to count.
 */
export class OddsPanel extends LitElement {
  static override properties = {
    request: { attribute: false },
  }

  request: DiceRequest | null = null
  private oddsFor: DiceRequest | null = null
  private odds: DiceOdds | null = null

  static override styles = [
    baseStyles,
    css`
      .expected {
        margin: 0 0 0.4rem;
      }
      .expected strong {
        color: var(--heading);
        font-size: 1.15rem;
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
    if (!request || request.need === undefined) {
      this.odds = null
      return
    }
    // What else changes the odds (re-rolls, natural 1s and 6s) is the request's to say, when the
    // engine puts it there; the renderer never guesses it from the request's purpose.
    const { reroll, naturalOneFails, naturalSixSucceeds } = request as OddsHints
    this.odds = diceOdds({
      count: request.count,
      sides: request.sides,
      need: request.need,
      reroll: reroll ?? null,
      naturalOneFails: naturalOneFails ?? false,
      naturalSixSucceeds: naturalSixSucceeds ?? false,
    })
  }

  override render() {
    const odds = this.odds
    const request = this.request
    if (!odds || !request) return nothing
    const shown = odds.atLeast.map((p, k) => ({ k, p })).slice(1)
    return html`<section aria-label="Odds">
      <p class="expected">
        Expect <strong data-testid="expected">${round(odds.expected.value)}</strong> of ${odds.count}
        <span class="muted">(each die ${percent(odds.perDie.value)}, ${odds.perDie.exact})</span>
      </p>
      <div class="bars" role="list" aria-label="Chance of at least">
        ${shown.map(
          ({ k, p }) =>
            html`<div class="bar" role="listitem" title=${`at least ${k}: ${p.exact}`}>
              <div class="track"><div class="fill" style=${`height: ${(p.value * 100).toFixed(1)}%`}></div></div>
              <span class="p">${percent(p.value)}</span>
              <span class="k">≥${k}</span>
            </div>`,
        )}
      </div>
    </section>`
  }
}

function round(value: number): string {
  return value.toFixed(2).replace(/\.?0+$/, '')
}

function percent(value: number): string {
  const pct = value * 100
  if (pct > 0 && pct < 1) return '<1%'
  if (pct < 100 && pct > 99) return '>99%'
  return `${Math.round(pct)}%`
}

customElements.define('odds-panel', OddsPanel)

declare global {
  interface HTMLElementTagNameMap {
    'odds-panel': OddsPanel
  }
}
