import { escapeMarkup, fixed } from './markup.js'

/**
 * Two small SVG charts for the battle report — grouped bars and lines — written as text, without a DOM, the
 * same bytes for the same data. npm's DOM-free chart renderers (ECharts' server-side SVG, Vega) are large and
 * Vega is async; a report needs two plain charts. Colours are a colour-blind-safe palette given as attributes,
 * which a page's CSS may override per series (`.s0`, `.s1`… in `svg.chart`); text and axes are drawn in
 * `currentColor`, so they read in a dark theme, a light one and in print. Lines also differ by dash and marker.
 */

export interface ChartSeries {
  readonly name: string
  /** One value per category, in the categories' order (missing values count 0). */
  readonly values: readonly number[]
  /**
   * Its colour: an index into the palette (default: its place among the series), or `muted` — the text colour,
   * faint — for a series that is a yardstick for another (what was expected, beside what was rolled).
   */
  readonly colour?: number | 'muted'
}

export interface ChartCategory {
  readonly label: string
  /** Consecutive categories of one group are labelled once more beneath, together ("Turn 2"). */
  readonly group?: string
}

export interface ChartSpec {
  /** Unique within the page: the ids of the chart's `<title>` and `<desc>` are made from it. */
  readonly id: string
  readonly title: string
  readonly xLabel: string
  readonly yLabel: string
  readonly categories: readonly ChartCategory[]
  readonly series: readonly ChartSeries[]
  /** Decimals the values are written with (default 0: whole numbers, and whole steps on the axis). */
  readonly decimals?: number
  /** Said in place of the plot when there is nothing to draw. */
  readonly emptyText?: string
}

export const CHART_WIDTH = 640
export const CHART_HEIGHT = 320
/** The default colour of each series (Okabe & Ito's palette, told apart with colour blindness). */
export const SERIES_COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9'] as const
const DASHES = ['', '6 3', '2 3', '8 3 2 3'] as const

const FONT = 13
const SMALL = 12
const LEFT = 64
/** A rough width of one character of the chart's sans-serif font, to keep a label within its room. */
const CHAR_WIDTH = 0.6

export interface Ticks {
  readonly ticks: readonly number[]
  readonly step: number
  readonly decimals: number
}

/**
 * Round axis ticks covering `min`…`max` (and 0): steps of 1, 2 or 5 times a power of ten, about `target` of them;
 * `whole` keeps steps of at least 1, for counts.
 */
export function niceTicks(min: number, max: number, target = 5, whole = false): Ticks {
  const low = Math.min(0, min)
  let high = Math.max(0, max)
  if (high === low) high = low + 1
  const rough = (high - low) / target
  const power = 10 ** Math.floor(Math.log10(rough))
  const fraction = rough / power
  let step = (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power
  if (whole) step = Math.max(1, step)
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9))
  const first = Math.floor(low / step + 1e-9)
  const last = Math.ceil(high / step - 1e-9)
  const ticks: number[] = []
  for (let k = first; k <= last; k++) ticks.push(Number((k * step).toFixed(decimals)))
  return { ticks, step: Number(step.toFixed(decimals)), decimals }
}

/** A label cut to `room` pixels, an ellipsis marking the cut (whole characters, never half a surrogate pair). */
export function fitLabel(label: string, room: number, size = SMALL): string {
  const chars = Array.from(label)
  const fits = Math.max(1, Math.floor(room / (size * CHAR_WIDTH)))
  return chars.length <= fits ? label : `${chars.slice(0, Math.max(1, fits - 1)).join('')}…`
}

type Attributes = Readonly<Record<string, string | number | undefined>>

/** An SVG element: numbers with at most two decimals, every value escaped, undefined attributes left out. */
function element(tag: string, attributes: Attributes, content?: string): string {
  const written = Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? fixed(value, 2) : escapeMarkup(value)}"`)
    .join('')
  return content === undefined ? `<${tag}${written}/>` : `<${tag}${written}>${content}</${tag}>`
}

const text = (x: number, y: number, content: string, attributes: Attributes = {}) =>
  element('text', { x, y, ...attributes }, escapeMarkup(content))
const titled = (title: string) => element('title', {}, escapeMarkup(title))

interface Frame {
  readonly left: number
  readonly yOf: (value: number) => number
  readonly band: number
}

/** A category in words, its group first: "Turn 2 (Orc warband)". */
const categoryName = (category: ChartCategory) =>
  category.group ? `${category.group} (${category.label})` : category.label

const seriesValue = (series: ChartSeries, index: number) => series.values[index] ?? 0

/** How a series is drawn: its class (which a page's CSS may recolour), its fill and stroke, its dash and marker. */
interface Paint {
  readonly fill: Attributes
  readonly stroke: Attributes
  readonly shape: number
}

function paint(series: ChartSeries, index: number): Paint {
  const dash = DASHES[index % DASHES.length] || undefined
  const shape = index % 4
  if (series.colour === 'muted')
    return {
      fill: { class: 'muted', fill: 'currentColor', 'fill-opacity': '0.4' },
      stroke: { class: 'muted', stroke: 'currentColor', 'stroke-opacity': '0.55', 'stroke-dasharray': dash },
      shape,
    }
  const colour = (series.colour ?? index) % SERIES_COLOURS.length
  const hex = SERIES_COLOURS[colour]
  return {
    fill: { class: `s${colour}`, fill: hex },
    stroke: { class: `s${colour}`, stroke: hex, 'stroke-dasharray': dash },
    shape,
  }
}

/** The series' attributes with its part ("bar", "line", "mark") before its colour's class. */
const painted = (part: string, attributes: Attributes): Attributes => ({
  ...attributes,
  class: `${part} ${attributes.class}`,
})

/** A point's marker: circle, square, triangle, diamond by series, so lines differ without colour too. */
function marker(x: number, y: number, look: Paint, title?: string): string {
  const fill = painted('mark', look.fill)
  const r = 4.5
  const content = title === undefined ? undefined : titled(title)
  const path = (points: readonly (readonly [number, number])[]) =>
    `M${points.map(([px, py]) => `${fixed(px, 2)} ${fixed(py, 2)}`).join('L')}Z`
  switch (look.shape) {
    case 0:
      return element('circle', { ...fill, cx: x, cy: y, r }, content)
    case 1:
      return element('rect', { ...fill, x: x - r, y: y - r, width: 2 * r, height: 2 * r }, content)
    case 2: {
      const d = path([
        [x, y - r - 1],
        [x + r + 1, y + r],
        [x - r - 1, y + r],
      ])
      return element('path', { ...fill, d }, content)
    }
    default: {
      const d = path([
        [x, y - r - 1],
        [x + r + 1, y],
        [x, y + r + 1],
        [x - r - 1, y],
      ])
      return element('path', { ...fill, d }, content)
    }
  }
}

/** Legend items laid out in rows across the width; returns the markup and the rows used. */
function legend(spec: ChartSpec, shape: 'bar' | 'line', y: number): { markup: string; rows: number } {
  const parts: string[] = []
  let x = LEFT
  let row = 0
  spec.series.forEach((series, index) => {
    const label = fitLabel(series.name, CHART_WIDTH - 140, FONT)
    const width = 28 + Array.from(label).length * FONT * CHAR_WIDTH + 18
    if (x + width > CHART_WIDTH - 8 && x > LEFT) {
      x = LEFT
      row++
    }
    const rowY = y + row * 20
    const look = paint(series, index)
    if (shape === 'bar')
      parts.push(element('rect', { ...painted('bar', look.fill), x, y: rowY - 11, width: 13, height: 13 }))
    else {
      const swatch = { x1: x, y1: rowY - 4, x2: x + 22, y2: rowY - 4, 'stroke-width': 2.5 }
      parts.push(element('line', { ...painted('line', look.stroke), ...swatch }))
      parts.push(marker(x + 11, rowY - 4, look))
    }
    parts.push(text(x + (shape === 'bar' ? 19 : 28), rowY, label, { 'font-size': FONT }))
    x += width
  })
  return { markup: element('g', { class: 'legend' }, parts.join('')), rows: spec.series.length === 0 ? 0 : row + 1 }
}

/** What the chart shows, in words: its description for a screen reader. */
function description(spec: ChartSpec, decimals: number): string {
  if (spec.categories.length === 0 || spec.series.length === 0) return spec.emptyText ?? 'No data.'
  const values = (series: ChartSeries) =>
    spec.categories.map((category, index) => `${categoryName(category)} ${fixed(seriesValue(series, index), decimals)}`)
  const lines = spec.series.map((series) => `${series.name}: ${values(series).join(', ')}`)
  return `${spec.yLabel} by ${spec.xLabel}. ${lines.join('; ')}.`
}

/** The category labels, and each run of one group labelled once beneath them with a rule between groups. */
function categoryLabels(spec: ChartSpec, left: number, bottom: number, band: number): string[] {
  const parts = spec.categories.map((category, index) =>
    text(left + (index + 0.5) * band, bottom + 16, fitLabel(category.label, band - 4), {
      'font-size': SMALL,
      'text-anchor': 'middle',
    }),
  )
  let start = 0
  spec.categories.forEach((category, index) => {
    const next = spec.categories[index + 1]
    if (next !== undefined && next.group === category.group) return
    if (category.group !== undefined) {
      const x = left + ((start + index + 1) / 2) * band
      const room = (index + 1 - start) * band - 4
      const bold = { 'font-size': SMALL, 'font-weight': '600', 'text-anchor': 'middle' }
      parts.push(text(x, bottom + 32, fitLabel(category.group, room), bold))
      const edge = left + start * band
      const rule = { class: 'axis', x1: edge, y1: bottom, x2: edge, y2: bottom + 36 }
      if (start > 0) parts.push(element('line', { ...rule, stroke: 'currentColor', 'stroke-opacity': '0.4' }))
    }
    start = index + 1
  })
  return parts
}

/** The frame every chart shares: title, legend, axes, ticks, grid, category and group labels. */
function frame(spec: ChartSpec, shape: 'bar' | 'line', body: (frame: Frame) => string): string {
  const decimals = spec.decimals ?? 0
  const parts: string[] = [
    element('title', { id: `${spec.id}-title` }, escapeMarkup(spec.title)),
    element('desc', { id: `${spec.id}-desc` }, escapeMarkup(description(spec, decimals))),
    text(CHART_WIDTH / 2, 20, fitLabel(spec.title, CHART_WIDTH - 20, 15), {
      class: 'chart-title',
      'font-size': 15,
      'font-weight': '600',
      'text-anchor': 'middle',
    }),
  ]
  const empty = spec.categories.length === 0 || spec.series.length === 0
  const shownLegend = empty ? { markup: '', rows: 0 } : legend(spec, shape, 44)
  parts.push(shownLegend.markup)
  const grouped = spec.categories.some((category) => category.group !== undefined)
  const top = 44 + shownLegend.rows * 20 + 6
  const bottom = CHART_HEIGHT - (grouped ? 58 : 42)
  const left = LEFT
  const right = CHART_WIDTH - 12
  if (empty) {
    const middle = { 'font-size': FONT, 'text-anchor': 'middle' }
    parts.push(text((left + right) / 2, (top + bottom) / 2, spec.emptyText ?? 'No data.', middle))
  } else {
    const values = spec.series.flatMap((series) => spec.categories.map((_, index) => seriesValue(series, index)))
    const { ticks, decimals: tickDecimals } = niceTicks(Math.min(...values), Math.max(...values), 5, decimals === 0)
    const low = ticks[0] as number
    const high = ticks[ticks.length - 1] as number
    const yOf = (value: number) => bottom - ((value - low) / (high - low)) * (bottom - top)
    const axis: string[] = []
    for (const tick of ticks) {
      const y = yOf(tick)
      const grid = { class: 'grid', x1: left, y1: y, x2: right, y2: y }
      axis.push(element('line', { ...grid, stroke: 'currentColor', 'stroke-opacity': '0.18' }))
      axis.push(text(left - 6, y + 4, fixed(tick, tickDecimals), { 'font-size': SMALL, 'text-anchor': 'end' }))
    }
    const zero = yOf(0)
    axis.push(element('line', { class: 'axis', x1: left, y1: zero, x2: right, y2: zero, stroke: 'currentColor' }))
    const band = (right - left) / spec.categories.length
    axis.push(...categoryLabels(spec, left, bottom, band))
    const centred = { 'font-size': FONT, 'text-anchor': 'middle' }
    axis.push(text((left + right) / 2, CHART_HEIGHT - 6, spec.xLabel, centred))
    const middle = (top + bottom) / 2
    const turned = { ...centred, transform: `rotate(-90 16 ${fixed(middle, 2)})` }
    axis.push(text(16, middle, fitLabel(spec.yLabel, bottom - top, FONT), turned))
    parts.push(element('g', { class: 'axes' }, axis.join('')))
    parts.push(body({ left, yOf, band }))
  }
  const svg = {
    xmlns: 'http://www.w3.org/2000/svg',
    class: 'chart',
    viewBox: `0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`,
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    role: 'img',
    'aria-labelledby': `${spec.id}-title ${spec.id}-desc`,
    'font-family': 'system-ui, sans-serif',
    fill: 'currentColor',
  }
  return element('svg', svg, parts.join(''))
}

/** A grouped bar chart: one bar per series in each category, its value written above it where it has room. */
export function barChart(spec: ChartSpec): string {
  const decimals = spec.decimals ?? 0
  return frame(spec, 'bar', ({ left, yOf, band }) => {
    const group = band * 0.76
    const width = group / spec.series.length
    const gap = width > 8 ? 2 : 0
    const bars: string[] = []
    spec.categories.forEach((category, index) => {
      spec.series.forEach((series, s) => {
        const value = seriesValue(series, index)
        const x = left + index * band + (band - group) / 2 + s * width
        const y = Math.min(yOf(value), yOf(0))
        const box = { x: x + gap / 2, y, width: width - gap, height: Math.abs(yOf(value) - yOf(0)) }
        const title = `${series.name}, ${categoryName(category)}: ${fixed(value, decimals)}`
        bars.push(element('rect', { ...painted('bar', paint(series, s).fill), ...box }, titled(title)))
        const label = { class: 'value', 'font-size': 11, 'text-anchor': 'middle' }
        if (width >= 14) bars.push(text(x + width / 2, y - 4, fixed(value, decimals), label))
      })
    })
    return element('g', { class: 'bars' }, bars.join(''))
  })
}

/** A line chart: one line per series across the categories, a marker at each point. */
export function lineChart(spec: ChartSpec): string {
  const decimals = spec.decimals ?? 0
  return frame(spec, 'line', ({ left, yOf, band }) => {
    const lines: string[] = []
    spec.series.forEach((series, s) => {
      const points = spec.categories.map((_, index) => [left + (index + 0.5) * band, yOf(seriesValue(series, index))])
      const look = paint(series, s)
      const path = {
        points: points.map(([x, y]) => `${fixed(x as number, 2)},${fixed(y as number, 2)}`).join(' '),
        fill: 'none',
        'stroke-width': 2.5,
        'stroke-linejoin': 'round',
      }
      lines.push(element('polyline', { ...painted('line', look.stroke), ...path }))
      points.forEach(([x, y], index) => {
        const where = categoryName(spec.categories[index] as ChartCategory)
        const title = `${series.name}, ${where}: ${fixed(seriesValue(series, index), decimals)}`
        lines.push(marker(x as number, y as number, look, title))
      })
    })
    return element('g', { class: 'lines' }, lines.join(''))
  })
}
