export * from './game-api.js'
