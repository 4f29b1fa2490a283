import { css, html, LitElement, nothing } from 'lit'
import type { ReportText } from '../../core/api/game-api-contract.js'
import { type ApiError, type ArbiterClient, toApiError } from '../api-client.js'
import { downloadText } from '../export-game.js'
import { baseStyles } from '../theme.js'

type Saving = 'html' | 'md' | 'pdf'

/**
 * The battle report's preview (Export report: the game screen's button, `e`, File > Export Report…): the HTML
 * report shown as it prints, on a page of its own in a sandboxed frame where nothing runs (the host serves it
 * under the report's own strict policy), and the ways to keep it. Save as HTML keeps exactly the report
 * previewed; Save as Markdown asks the host for the Markdown one; Save as PDF is Electron's print of the report
 * in the desktop app, and in a browser the browser's own print of the frame, whose dialog saves a PDF.
 */
export class ReportPreview extends LitElement {
  static override properties = {
    client: { attribute: false },
    gameId: { type: String },
    report: { state: true },
    error: { state: true },
    frameReady: { state: true },
    saving: { state: true },
    said: { state: true },
  }

  client: ArbiterClient | null = null
  gameId = ''
  /** The HTML report the frame shows, as the host wrote it. */
  report: ReportText | null = null
  error: ApiError | null = null
  /** The frame has loaded the report page: it can be printed. */
  frameReady = false
  /** The save in flight. */
  saving: Saving | null = null
  /** What the last save did, said once. */
  said = ''

  static override styles = [
    baseStyles,
    css`
      .backdrop {
        position: fixed;
        inset: 0;
        z-index: 10;
        display: flex;
        align-items: flex-start;
        background: rgb(0 0 0 / 0.65);
        padding: 1rem;
      }
      [role='dialog'] {
        display: flex;
        flex-direction: column;
        gap: 0.5rem;
        width: 100%;
        max-width: 64rem;
        margin: 0 auto;
        min-height: 0;
        max-height: 100%;
      }
      /* With the report, the dialog takes the window's height and the report the rest of it. */
      [role='dialog'].with-report {
        height: 100%;
      }
      .bar {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1rem;
        align-items: center;
        justify-content: space-between;
      }
      h2 {
        margin: 0;
        min-width: 0;
        overflow-wrap: anywhere;
      }
      .said {
        min-height: 1.4em;
        margin: 0;
        overflow-wrap: anywhere;
      }
      /* The report as it prints: a sheet of paper's width, on its own white, scrolled inside. */
      .paper {
        flex: 1 1 auto;
        min-height: 0;
        display: flex;
        justify-content: center;
        background: var(--field);
        border: 1px solid var(--border);
        border-radius: 0.4rem;
        padding: 0.75rem;
      }
      iframe {
        flex: 0 1 210mm;
        min-width: 0;
        height: 100%;
        border: 0;
        background: #fff;
        box-shadow: 0 0.2rem 1rem rgb(0 0 0 / 0.5);
      }
      @media (max-width: 30rem) {
        .backdrop {
          padding: 0.4rem;
        }
        /* Two buttons a row on a phone, not one: the report keeps the height. */
        .bar .row {
          display: grid;
          grid-template-columns: 1fr 1fr;
          width: 100%;
        }
        .paper {
          padding: 0.3rem;
        }
        button {
          padding: 0.4rem 0.55rem;
        }
        kbd {
          display: none;
        }
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.load()
  }

  override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('button[data-action="close"]')?.focus()
  }

  private get api(): ArbiterClient {
    if (!this.client) throw new Error('report-preview: no client')
    return this.client
  }

  private async load(): Promise<void> {
    try {
      this.report = await this.api.report(this.gameId, { format: 'html' })
    } catch (error) {
      this.error = toApiError(error)
    }
  }

  private async save(kind: Saving): Promise<void> {
    const report = this.report
    if (!report || this.saving) return
    this.saving = kind
    this.error = null
    this.said = kind === 'pdf' ? 'Printing the report to PDF…' : ''
    try {
      if (kind === 'html') this.said = keep(report)
      else if (kind === 'md') this.said = keep(await this.api.report(this.gameId, { format: 'md', lang: report.lang }))
      else this.said = await this.savePdf(report)
    } catch (error) {
      this.said = ''
      this.error = toApiError(error)
    } finally {
      this.saving = null
    }
  }

  private async savePdf(report: ReportText): Promise<string> {
    if (this.api.saveReportPdf) {
      const saved = await this.api.saveReportPdf(this.gameId, { lang: report.lang })
      return saved.file === null ? 'The PDF was not saved.' : `Saved the PDF: ${saved.file}`
    }
    // A browser: its print dialog, of the frame alone (same origin, so this page may ask it to print).
    this.renderRoot.querySelector('iframe')?.contentWindow?.print()
    return 'To keep a PDF, pick “Save as PDF” as the printer in the print dialog.'
  }

  private close(): void {
    this.dispatchEvent(new CustomEvent('close'))
  }

  override render() {
    const report = this.report
    const electron = this.client?.saveReportPdf !== undefined
    const loading = report === null && this.error === null
    return html`<div class="backdrop" @click=${(e: Event) => e.target === e.currentTarget && this.close()}>
      <section
        class="panel ${report ? 'with-report' : ''}"
        role="dialog"
        aria-modal="true"
        aria-labelledby="report-heading"
      >
        <div class="bar">
          <h2 id="report-heading">Battle report${report ? html`: ${report.title}` : nothing}</h2>
          <div class="row" role="group" aria-label="Keep the report">
            <button ?disabled=${!report || this.saving !== null} @click=${() => this.save('html')}
              title="One self-contained page: styles and charts inside, nothing fetched">Save as HTML</button>
            <button ?disabled=${!report || this.saving !== null} @click=${() => this.save('md')}>Save as Markdown</button>
            <button
              ?disabled=${!report || !this.frameReady || this.saving !== null}
              @click=${() => this.save('pdf')}
              title=${
                electron
                  ? 'Prints the report to PDF, on A4 or Letter as your country uses, and asks where to save it'
                  : 'Opens the browser’s print dialog for the report: pick “Save as PDF” as the printer'
              }
            >
              ${electron ? 'Save as PDF' : 'Print or save as PDF…'}
            </button>
            <button data-action="close" @click=${() => this.close()}>Close <kbd>Esc</kbd></button>
          </div>
        </div>
        <p class="said muted" role="status">
          ${
            loading
              ? 'Writing the report…'
              : report && !this.frameReady
                ? 'Laying out the report…'
                : this.said || (report ? headLine(report) : '')
          }
        </p>
        ${
          this.error
            ? html`<p class="error" role="alert">
                The report could not be ${report ? 'saved' : 'made'}: ${this.error.message} <code>${this.error.code}</code>
              </p>`
            : nothing
        }
        ${
          report
            ? html`<div class="paper">
                <iframe
                  sandbox="allow-same-origin allow-modals"
                  title=${`Battle report: ${report.title}`}
                  src=${this.api.reportPageUrl(this.gameId, report.lang)}
                  @load=${() => (this.frameReady = true)}
                ></iframe>
              </div>`
            : nothing
        }
      </section>
    </div>`
  }
}

/** Which log the report tells, said while nothing else is: whoever holds the exported log can check it against it. */
function headLine(report: ReportText): string {
  return `As it prints. It tells the game's log to seq ${report.headSeq}, head ${report.headHash.slice(0, 12)}…`
}

/** Hands a report to the browser (or Electron's save dialog) as its file; says so. */
function keep(report: ReportText): string {
  downloadText(report.text, report.fileName, report.format === 'md' ? 'text/markdown' : 'text/html')
  return `Saving ${report.fileName}`
}

customElements.define('report-preview', ReportPreview)

declare global {
  interface HTMLElementTagNameMap {
    'report-preview': ReportPreview
  }
}
