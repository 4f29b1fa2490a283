/**
 * The HTML report's style, inline in its <head>: no font, image or script from anywhere. Colours are CSS variables
 * set for a light theme, a dark one (prefers-color-scheme) and print (always dark ink on white paper), and the
 * charts take theirs from the same variables (their text and axes are currentColor). The page and its charts fit
 * the printable width of both A4 and Letter (charts at most 640 px, 169 mm), and print keeps a heading with what
 * follows it, and a table row, a list item or a chart on one page.
 */
export const REPORT_CSS = `
:root {
  color-scheme: light dark;
  --bg: #fbfaf7; --fg: #1c1c1c; --muted: #595959; --rule: #cfcac0; --head: #efece4; --accent: #7b2d26;
  --s0: #0072b2; --s1: #d55e00; --s2: #009e73; --s3: #cc79a7; --s4: #e69f00; --s5: #56b4e9;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15171a; --fg: #e8e6e1; --muted: #a9a6a0; --rule: #3b3f45; --head: #22252a; --accent: #e6a49c;
    --s0: #5cb8ee; --s1: #f5904f; --s2: #3fc8a2; --s3: #e8a0cf; --s4: #f2c35b; --s5: #9ad4f5;
  }
}
@media print {
  :root {
    --bg: #fff; --fg: #000; --muted: #3d3d3d; --rule: #8c8c8c; --head: #e9e9e9; --accent: #5a1a14;
    --s0: #0072b2; --s1: #d55e00; --s2: #009e73; --s3: #cc79a7; --s4: #e69f00; --s5: #56b4e9;
  }
}
@page { margin: 16mm 15mm; }
html { background: var(--bg); color: var(--fg); }
body {
  margin: 0 auto; max-width: 48rem; padding: 1.5rem 1.25rem 3rem;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
h1 { font-size: 1.9rem; line-height: 1.2; margin: 0 0 .75rem; color: var(--accent); }
h2 { font-size: 1.4rem; margin: 2.25rem 0 .75rem; padding-bottom: .2rem; border-bottom: 2px solid var(--rule); }
h3 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
h4 { font-size: 1rem; margin: 1rem 0 .25rem; color: var(--muted); }
h1, h2, h3, h4 { break-after: avoid; page-break-after: avoid; overflow-wrap: anywhere; }
p, li { overflow-wrap: anywhere; }
ul { padding-left: 1.4rem; margin: .4rem 0 .9rem; }
li { margin: .15rem 0; }
.cite, .seqs { color: var(--muted); font-size: .82em; font-weight: normal; }
.run { white-space: nowrap; }
code { font-family: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: .85em; overflow-wrap: anywhere; }
div.table { overflow-x: auto; margin: .5rem 0 1.25rem; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
caption { caption-side: top; text-align: left; font-weight: 600; padding: .2rem 0 .35rem; }
th, td { border-bottom: 1px solid var(--rule); padding: .3rem .5rem; text-align: left; vertical-align: top; }
thead th { background: var(--head); border-bottom: 2px solid var(--rule); }
.num { text-align: right; font-variant-numeric: tabular-nums; }
figure.chart { margin: 1rem 0 .5rem; }
svg.chart { display: block; width: 100%; max-width: 640px; height: auto; margin: 0 auto; color: var(--fg); }
svg.chart .bar.s0, svg.chart .mark.s0 { fill: var(--s0); } svg.chart .line.s0 { stroke: var(--s0); }
svg.chart .bar.s1, svg.chart .mark.s1 { fill: var(--s1); } svg.chart .line.s1 { stroke: var(--s1); }
svg.chart .bar.s2, svg.chart .mark.s2 { fill: var(--s2); } svg.chart .line.s2 { stroke: var(--s2); }
svg.chart .bar.s3, svg.chart .mark.s3 { fill: var(--s3); } svg.chart .line.s3 { stroke: var(--s3); }
svg.chart .bar.s4, svg.chart .mark.s4 { fill: var(--s4); } svg.chart .line.s4 { stroke: var(--s4); }
svg.chart .bar.s5, svg.chart .mark.s5 { fill: var(--s5); } svg.chart .line.s5 { stroke: var(--s5); }
footer { margin-top: 3rem; padding-top: .5rem; border-top: 1px solid var(--rule); color: var(--muted); font-size: .85rem; }
tr, li, figure, caption { break-inside: avoid; page-break-inside: avoid; }
thead { display: table-header-group; }
@media screen and (max-width: 36rem) {
  body { padding: 1rem .75rem 2rem; }
  table { font-size: .8rem; }
  th, td { padding: .25rem .3rem; }
}
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  div.table { overflow: visible; }
  h2 { margin-top: 1.5rem; }
  svg.chart { max-width: 160mm; }
}
`
