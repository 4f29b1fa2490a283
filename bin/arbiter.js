#!/usr/bin/env node
// The command line is compiled to dist/ by `npm run build` (run by `npm ci` through `prepare`).
import { main } from '../dist/core/cli/main.js'

// A reader that stops early (`| head`) closes the pipe: that is not an error, so stop quietly.
// Output is written only after a command's writes are stored, so exiting here loses nothing.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw error
  })
}

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr })
