export * from './explanation.js'
export * from './render-text.js'
