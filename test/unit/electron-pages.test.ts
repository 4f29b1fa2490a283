import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isArbiterPage, rendererFileOf } from '../../electron/app-scheme.js'

const renderer = join('/opt', 'arbiter', 'dist', 'renderer')

describe('the Electron window’s pages (arbiter://app/)', () => {
  it('only arbiter://app/ is Arbiter’s own page', () => {
    expect(isArbiterPage('arbiter://app/')).toBe(true)
    expect(isArbiterPage('arbiter://app/assets/index.js')).toBe(true)
    for (const url of ['https://example.com/', 'arbiter://other/', 'file:///opt/arbiter/dist/renderer/index.html', 'x'])
      expect(isArbiterPage(url), url).toBe(false)
    expect(isArbiterPage(undefined)).toBe(false)
  })

  it('serves the renderer’s files, / as index.html', () => {
    expect(rendererFileOf(renderer, 'arbiter://app/')).toBe(join(renderer, 'index.html'))
    expect(rendererFileOf(renderer, 'arbiter://app/assets/app.js')).toBe(join(renderer, 'assets', 'app.js'))
  })

  it('never names a file outside the renderer, however the path is spelled', () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/assets/..%2f..%2fsecret',
      '/%2e%2e%5csecret',
      '/a%00b',
      '/%E0%A4%A',
    ]) {
      // Either refused, or (where the URL parser folds `..` away first) a path inside the renderer.
      const file = rendererFileOf(renderer, `arbiter://app${path}`)
      if (file !== null) expect(file.startsWith(join(renderer, '/')), `${path} -> ${file}`).toBe(true)
    }
    expect(rendererFileOf(renderer, 'arbiter://app/..%2f..%2fsecret')).toBeNull()
    expect(rendererFileOf(renderer, 'arbiter://app/a%00b')).toBeNull()
    expect(rendererFileOf(renderer, 'https://example.com/index.html')).toBeNull()
  })
})
