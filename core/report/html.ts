import { reportMetaLine, reportMetaOf } from './meta.js'
import type { ReportModel } from './types.js'

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

// PROVISIONAL (replaced by the renderers helper): the stamp, the title and the result.
export function renderHtml(model: ReportModel): string {
  return `<!doctype html>\n<html lang="${model.lang}"><head><meta charset="utf-8">${reportMetaLine(reportMetaOf(model, 'html'))}<title>${escapeHtml(model.title)}</title></head><body><h1>${escapeHtml(model.title)}</h1><p>${escapeHtml(model.result.summary.text)}</p><p>Log head: seq ${model.log.headSeq}, ${model.log.headHash}</p></body></html>\n`
}
