import { reportMetaLine, reportMetaOf } from './meta.js'
import type { ReportModel } from './types.js'

// PROVISIONAL (replaced by the renderers helper): the stamp, the title and the result.
export function renderMarkdown(model: ReportModel): string {
  return `${reportMetaLine(reportMetaOf(model, 'md'))}\n# ${model.title}\n\n${model.result.summary.text}\n\nLog head: seq ${model.log.headSeq}, ${model.log.headHash}\n`
}
