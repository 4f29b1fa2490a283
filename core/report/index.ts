// The battle report (issue 19): built from a replay (build.ts), written as Markdown or HTML; PDF is the host's print.
export * from './build.js'
export * from './html.js'
export * from './luck.js'
export * from './markdown.js'
export * from './meta.js'
export * from './types.js'
