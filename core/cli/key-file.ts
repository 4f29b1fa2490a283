import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import type { PinWrappedKey } from '../api/index.js'
import { FileError } from './files.js'

/**
 * The private keys a shared machine keeps for its players, each wrapped under its player's PIN
 * (issue 17): one file beside the database, `FILE.keys.json`, readable by its owner alone. It is never
 * part of a game or its export: a file that leaves the machine carries public keys and signatures only.
 */
interface KeyFile {
  readonly arbiterKeys: 1
  readonly keys: readonly ({ readonly gameId: string; readonly player: string } & PinWrappedKey)[]
}

export function keyFilePath(database: string): string {
  return `${database}.keys.json`
}

function readKeyFile(path: string): KeyFile {
  if (!existsSync(path)) return { arbiterKeys: 1, keys: [] }
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new FileError(`${path} is not a key file Arbiter wrote (${(error as Error).message})`)
  }
  if ((parsed as Partial<KeyFile> | null)?.arbiterKeys !== 1 || !Array.isArray((parsed as KeyFile).keys))
    throw new FileError(`${path} is not a key file Arbiter wrote`)
  return parsed as KeyFile
}

/** The PIN-wrapped key kept for a player of a game, or undefined. */
export function keptKey(
  database: string,
  gameId: string,
  player: string,
  publicKey?: string,
): PinWrappedKey | undefined {
  return readKeyFile(keyFilePath(database)).keys.find(
    (key) => key.gameId === gameId && key.player === player && (publicKey === undefined || key.publicKey === publicKey),
  )
}

/** Adds a wrapped key; written whole to a file beside it, then renamed over, owner-only. */
export function keepKey(database: string, gameId: string, player: string, key: PinWrappedKey): void {
  const path = keyFilePath(database)
  const file = readKeyFile(path)
  writeKeyFile(path, [...file.keys, { gameId, player, ...key }])
}

/** Takes back a key whose PlayerKeyRecorded was refused, so the file holds no key the game does not. */
export function forgetKey(database: string, gameId: string, player: string, publicKey: string): void {
  const path = keyFilePath(database)
  const file = readKeyFile(path)
  const keys = file.keys.filter((k) => !(k.gameId === gameId && k.player === player && k.publicKey === publicKey))
  writeKeyFile(path, keys)
}

function writeKeyFile(path: string, keys: KeyFile['keys']): void {
  const partial = `${path}.partial-${process.pid}`
  const file: KeyFile = { arbiterKeys: 1, keys }
  writeFileSync(partial, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 })
  chmodSync(partial, 0o600)
  renameSync(partial, path)
}
