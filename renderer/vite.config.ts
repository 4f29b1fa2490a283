import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const here = fileURLToPath(new URL('.', import.meta.url))

/** The renderer's build: `npm run build:renderer` writes dist/renderer, which both hosts serve. */
export default defineConfig({
  root: here,
  // Relative asset paths: Electron loads the page from a file, the web host from `/`.
  base: './',
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
})
