#!/usr/bin/env node
// The command line is compiled to dist/ by `npm run build` (run by `npm ci` through `prepare`).
import { main } from '../dist/core/cli/main.js'

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr })
