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
  const link = document.createElement('a')
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/jsonl' }))
  link.download = `${fileSlug(title ?? gameId)}.jsonl`
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
