// Where the package's files are (migrations, tests): for the command line, which reaches the core through this api.
export { packageRoot } from '../store/package-root.js'
export * from './declarable.js'
export * from './export-file.js'
export * from './game-api.js'
export * from './game-api-contract.js'
export * from './method-args.js'
export * from './odds.js'
export * from './random.js'
