import { describe, expect, it } from 'vitest'
import { barChart, type ChartSpec, fitLabel, lineChart, niceTicks } from '../../core/report/svg-chart.js'

/** Each element `tag` of the SVG with its attributes, in order. */
function elements(svg: string, tag: string): Record<string, string>[] {
  return [...svg.matchAll(new RegExp(`<${tag}( [^>]*?)/?>`, 'g'))].map((match) =>
    Object.fromEntries([...(match[1] as string).matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  )
}

/** The rectangles of the bars, not those of the legend's swatches. */
const bars = (svg: string) => elements(svg.slice(svg.indexOf('<g class="bars">')), 'rect')

const twoByTwo: ChartSpec = {
  id: 'c',
  title: 'Models lost',
  xLabel: 'Game turn',
  yLabel: 'Models',
  categories: [{ label: 'Turn 1' }, { label: 'Turn 2' }],
  series: [
    { name: 'Ann', values: [2, 4] },
    { name: 'Bob', values: [1, 3] },
  ],
}

describe('axis ticks', () => {
  it('are round steps of 1, 2 or 5 times a power of ten, from 0 past the largest value', () => {
    expect(niceTicks(0, 7).ticks).toEqual([0, 2, 4, 6, 8])
    expect(niceTicks(0, 650).ticks).toEqual([0, 200, 400, 600, 800])
    expect(niceTicks(0, 10).ticks).toEqual([0, 2, 4, 6, 8, 10])
    expect(niceTicks(0, 23).ticks).toEqual([0, 5, 10, 15, 20, 25])
  })

  it('take decimals for small values, and whole steps for counts', () => {
    expect(niceTicks(0, 1)).toEqual({ ticks: [0, 0.2, 0.4, 0.6, 0.8, 1], step: 0.2, decimals: 1 })
    expect(niceTicks(0, 0.3).ticks).toEqual([0, 0.1, 0.2, 0.3])
    expect(niceTicks(0, 0.12)).toMatchObject({ step: 0.05, decimals: 2, ticks: [0, 0.05, 0.1, 0.15] })
    expect(niceTicks(0, 1, 5, true).ticks).toEqual([0, 1])
  })

  it('cover nothing but zero with 0…1, and a negative value below zero', () => {
    expect(niceTicks(0, 0).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1])
    expect(niceTicks(0, 0, 5, true).ticks).toEqual([0, 1])
    expect(niceTicks(-3, 7).ticks).toEqual([-4, -2, 0, 2, 4, 6, 8])
  })
})

describe('a grouped bar chart', () => {
  it('places each bar by hand-worked geometry: one legend row, ticks 0…4, two bands of 282 px', () => {
    // Plot: x 64…628 (band 282, groups of 0.76 × 282 = 214.32, bars 107.16 wide less a 2 px gap);
    // y: top 44 + one legend row (20) + 6 = 70, bottom 320 − 42 = 278, so a value v stands at 278 − v/4 × 208.
    const svg = barChart(twoByTwo)
    const drawn = bars(svg).map(({ x, y, width, height, class: cls }) => ({ x, y, width, height, cls }))
    expect(drawn).toEqual([
      { x: '98.84', y: '174', width: '105.16', height: '104', cls: 'bar s0' },
      { x: '206', y: '226', width: '105.16', height: '52', cls: 'bar s1' },
      { x: '380.84', y: '70', width: '105.16', height: '208', cls: 'bar s0' },
      { x: '488', y: '122', width: '105.16', height: '156', cls: 'bar s1' },
    ])
    const ticks = [...svg.matchAll(/text-anchor="end">([^<]*)</g)].map((match) => match[1])
    expect(ticks).toEqual(['0', '1', '2', '3', '4'])
    // Each bar's value is written above it, and told to a screen reader in its <title>.
    expect(svg).toContain('<title>Bob, Turn 2: 3</title>')
    expect(svg).toMatch(/<text x="433.42" y="66"[^>]*>4<\/text>/)
  })

  it('names itself for a screen reader: role img, labelled by its title and a description of every value', () => {
    const svg = barChart(twoByTwo)
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-labelledby="c-title c-desc"/)
    expect(svg).toContain('<title id="c-title">Models lost</title>')
    expect(svg).toContain(
      '<desc id="c-desc">Models by Game turn. Ann: Turn 1 2, Turn 2 4; Bob: Turn 1 1, Turn 2 3.</desc>',
    )
  })

  it('writes values with fixed decimals, and a muted series in the text colour', () => {
    const svg = barChart({
      ...twoByTwo,
      decimals: 1,
      series: [
        { name: 'expected', values: [1 / 3, 2.25], colour: 'muted' },
        { name: 'rolled', values: [1, 2], colour: 1 },
      ],
    })
    expect(svg).toContain('<title>expected, Turn 1: 0.3</title>')
    expect(svg).toContain('<title>expected, Turn 2: 2.3</title>')
    expect(bars(svg).map((bar) => [bar.class, bar.fill])).toEqual([
      ['bar muted', 'currentColor'],
      ['bar s1', '#d55e00'],
      ['bar muted', 'currentColor'],
      ['bar s1', '#d55e00'],
    ])
  })

  it('escapes every text it is given: title, labels, series names', () => {
    const svg = barChart({
      ...twoByTwo,
      id: 'x"y',
      title: 'A <b>bold</b> & "quoted" title',
      categories: [{ label: '<script>' }],
      series: [{ name: "O'Neil & <Sons>", values: [1] }],
    })
    expect(svg).not.toMatch(/<(b|script|Sons)>/)
    expect(svg).toContain('A &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; title')
    expect(svg).toContain('O&#39;Neil &amp; &lt;Sons&gt;')
    expect(svg).toContain('aria-labelledby="x&quot;y-title x&quot;y-desc"')
  })

  it('says it has nothing to show when there are no categories or no series, and draws no bar', () => {
    for (const spec of [
      { ...twoByTwo, categories: [] },
      { ...twoByTwo, series: [] },
    ]) {
      const svg = barChart({ ...spec, emptyText: 'No turn played yet.' })
      expect(bars(svg)).toEqual([])
      expect(svg).not.toContain('class="legend"><rect')
      expect(svg).toContain('>No turn played yet.</text>')
      expect(svg).toContain('<desc id="c-desc">No turn played yet.</desc>')
    }
  })
})

describe('a line chart', () => {
  it("puts each point at its category's centre and its value's height, and labels groups once", () => {
    const svg = lineChart({
      ...twoByTwo,
      categories: [
        { label: 'Ann', group: 'Turn 1' },
        { label: 'Bob', group: 'Turn 1' },
        { label: 'Ann', group: 'Turn 2' },
      ],
      series: [
        { name: 'Ann', values: [0, 0, 150] },
        { name: 'Bob', values: [0, 50, 50] },
      ],
    })
    // Grouped: bottom 320 − 58 = 262, top 70; ticks 0…150 by 50, so v stands at 262 − v/150 × 192. Band 564/3 = 188.
    expect(elements(svg, 'polyline').map((line) => line.points)).toEqual([
      '158,262 346,262 534,70',
      '158,262 346,198 534,198',
    ])
    expect(elements(svg, 'polyline').map((line) => line['stroke-dasharray'])).toEqual([undefined, '6 3'])
    const groupLabels = [...svg.matchAll(/font-weight="600" text-anchor="middle">(Turn \d)</g)].map((match) => match[1])
    expect(groupLabels).toEqual(['Turn 1', 'Turn 2'])
    expect(svg).toContain('<title>Ann, Turn 2 (Ann): 150</title>')
  })

  it('cuts a label that does not fit its room, whole characters and an ellipsis', () => {
    expect(fitLabel('Orc warband', 200)).toBe('Orc warband')
    expect(fitLabel('Malekith’s Raiders of Naggaroth', 66)).toBe('Malekith…')
    expect(fitLabel('🐉🐉🐉🐉🐉🐉🐉🐉🐉🐉🐉🐉', 40)).toBe('🐉🐉🐉🐉…')
  })
})
