import type { RendererApi } from './api-client.js'

/**
 * Saves a game's export (JSON Lines, read page by page from the host) as a file the browser or
 * Electron downloads, named after the game's title.
 */
export async function downloadExport(
  api: Pick<RendererApi, 'exportGame'>,
  gameId: string,
  title?: string,
): Promise<void> {
  let text = ''
  let fromSeq: number | null = 1
  while (fromSeq !== null) {
    const page = await api.exportGame(gameId, { fromSeq })
    text += page.text
    fromSeq = page.nextSeq
  }
  downloadText(text, `${fileSlug(title ?? gameId)}.jsonl`, 'application/jsonl')
}

/**
 * Saves text as a file: a download in a browser, Electron's save dialog in the desktop app. The bytes are the
 * text's, as UTF-8, nothing added.
 */
export function downloadText(text: string, fileName: string, type: string): void {
  const link = document.createElement('a')
  link.href = URL.createObjectURL(new Blob([text], { type }))
  link.download = fileName
  link.click()
  // The download has started from the object URL by now; keep it a while for slow machines.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
}

function fileSlug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'game'
  )
}
