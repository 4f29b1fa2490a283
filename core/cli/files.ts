import { once } from 'node:events'
import { createWriteStream, existsSync, readFileSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs'
import { resolve } from 'node:path'

/** A file the command cannot use: one line, exit 1. */
export class FileError extends Error {}

/** Why a path cannot be read or written as a file, in words, from a Node error. */
function fileProblem(path: string, error: unknown): FileError {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return new FileError(`${path} does not exist`)
  if (code === 'EISDIR') return new FileError(`${path} is a folder, not a file`)
  if (code === 'EACCES' || code === 'EPERM') return new FileError(`${path} cannot be opened: permission denied`)
  return new FileError(`${path} cannot be used: ${(error as Error).message}`)
}

/** The text of a file the user named; a folder or a missing file is a one-line error. */
export function readTextFile(path: string): string {
  try {
    if (statSync(path).isDirectory()) throw new FileError(`${path} is a folder, not a file`)
    return readFileSync(path, 'utf8')
  } catch (error) {
    if (error instanceof FileError) throw error
    throw fileProblem(path, error)
  }
}

/** The bytes of a file the user named; one larger than `maxBytes` is refused by `tooLarge` before it is read. */
export function readFileBytes(path: string, maxBytes: number, tooLarge: (size: number) => never): Uint8Array {
  let size: number
  try {
    const stat = statSync(path)
    if (stat.isDirectory()) throw new FileError(`${path} is a folder, not a file`)
    size = stat.size
  } catch (error) {
    if (error instanceof FileError) throw error
    throw fileProblem(path, error)
  }
  if (size > maxBytes) tooLarge(size)
  try {
    return readFileSync(path)
  } catch (error) {
    throw fileProblem(path, error)
  }
}

/** Refuses an output path that is a folder before any work is done. */
export function checkOutputPath(path: string): void {
  if (existsSync(path) && statSync(path).isDirectory())
    throw new FileError(`${path} is a folder: give the path of the file to write`)
}

/**
 * Writes chunks (text, or bytes such as a PDF's) to a file as they come, waiting for the stream to drain so memory stays flat.
 * They go to a temporary file beside it, renamed over `path` only when all are written: a failure
 * leaves no partial file, and an earlier file at `path` as it was.
 */
export async function writeChunks(
  path: string,
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
): Promise<void> {
  checkOutputPath(path)
  const partial = `${path}.partial-${process.pid}`
  let stream: ReturnType<typeof createWriteStream> | undefined
  let failure: unknown
  try {
    for await (const chunk of chunks) {
      if (!stream) {
        stream = createWriteStream(partial)
        stream.on('error', (error) => {
          failure ??= error
        })
      }
      if (failure !== undefined) throw failure
      if (!stream.write(chunk)) {
        // The listener that lost the race is removed, so a long export does not pile them up on the stream.
        const settled = new AbortController()
        const { signal } = settled
        await Promise.race([once(stream, 'drain', { signal }), once(stream, 'close', { signal })]).finally(() =>
          settled.abort(),
        )
      }
    }
    if (stream) {
      stream.end()
      await once(stream, 'close')
      if (failure !== undefined) throw failure
      renameSync(partial, path)
    }
  } catch (error) {
    stream?.destroy()
    rmSync(partial, { force: true })
    if (error === failure) throw fileProblem(path, error)
    throw error
  }
}

/** Refuses to write over the database a command reads from. */
export function checkNotSameFile(output: string, database: string): void {
  const real = (file: string) => {
    try {
      return realpathSync(file)
    } catch {
      return resolve(file)
    }
  }
  if (real(output) === real(database))
    throw new FileError(`${output} is the database being read: give another file to write`)
}

/** Removes a database this command created and could not fill, with SQLite's side files. */
export function removeDatabase(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true })
}
