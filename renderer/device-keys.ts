import { type Key, newKeyPair, newPinKey, type PinWrappedKey, publicKeyText } from '../core/api/signatures.js'

/**
 * The signing keys this browser keeps (issue 17), in IndexedDB, one per game and player: a player's own
 * device keeps a non-extractable private key (the page can sign with it but never read it out); a
 * shared machine keeps the key wrapped under the player's PIN, unwrapped only to sign.
 */
export type KeptKey =
  | { readonly holder: 'device'; readonly publicKey: string; readonly privateKey: Key }
  | { readonly holder: 'pin'; readonly publicKey: string; readonly sealed: PinWrappedKey }

const DATABASE = 'arbiter-keys'
const STORE = 'keys'

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

async function transact<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open()
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = run(db.transaction(STORE, mode).objectStore(STORE))
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
  } finally {
    db.close()
  }
}

const keyOf = (gameId: string, player: string) => `${gameId}/${player}`

export function keptKey(gameId: string, player: string): Promise<KeptKey | undefined> {
  return transact('readonly', (store) => store.get(keyOf(gameId, player)) as IDBRequest<KeptKey | undefined>)
}

/** A new key for a player, kept here: on this device, or under a PIN. Returns its public half for the game to record. */
export async function makeKey(gameId: string, player: string, pin?: string): Promise<KeptKey> {
  let kept: KeptKey
  if (pin === undefined) {
    const pair = await newKeyPair(false)
    kept = { holder: 'device', publicKey: await publicKeyText(pair.publicKey), privateKey: pair.privateKey }
  } else {
    const sealed = await newPinKey(pin)
    kept = { holder: 'pin', publicKey: sealed.publicKey, sealed }
  }
  await transact('readwrite', (store) => store.put(kept, keyOf(gameId, player)))
  return kept
}

/** Forgets a key whose PlayerKeyRecorded was refused, so this browser keeps no key the game does not have. */
export async function forgetKey(gameId: string, player: string): Promise<void> {
  await transact('readwrite', (store) => store.delete(keyOf(gameId, player)))
}
