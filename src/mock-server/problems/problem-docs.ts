import { HttpResponse } from '../http-response.ts'
import { notFound } from '../resources/common.ts'
import type { HandlerContext } from '../route-spec.ts'
import { isProblemSlug, problemCatalogue, problemSlugs } from './catalogue.ts'

function escape(text: string) {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/** Inline `code` in the catalogue's prose. */
function prose(text: string) {
  return escape(text).replace(/`([^`]+)`/g, '<code>$1</code>')
}

function page(title: string, body: string) {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · hypermock</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1f2328}code{background:#f1f3f5;padding:0 .25em;border-radius:3px}</style>
</head><body>${body}</body></html>`
  return HttpResponse.html(html)
}

export function problemIndex(ctx: HandlerContext) {
  const base = ctx.runtime.basePath
  const rows = problemSlugs
    .map(
      (slug) =>
        `<li><a href="${base}/problems/${slug}">${slug}</a>: ${problemCatalogue[slug].status} ${escape(problemCatalogue[slug].title)}</li>`,
    )
    .join('\n')
  return page(
    'Problem types',
    `<h1>Problem types</h1><p>Every error is an RFC 9457 problem document of one of these types.</p><ul>${rows}</ul>`,
  )
}

/** Human-readable documentation of one problem type: what `type` points at. */
export function problemDoc(ctx: HandlerContext) {
  const slug = ctx.params.slug ?? ''
  if (!isProblemSlug(slug)) notFound('problem type', slug)
  const { status, title, summary } = problemCatalogue[slug]
  return page(
    title,
    `<p><a href="${ctx.runtime.basePath}/problems">All problem types</a></p><h1>${escape(title)}</h1>
<p>Type <code>${ctx.runtime.basePath}/problems/${slug}</code>, HTTP status <strong>${status}</strong>.</p>
<p>${prose(summary)}</p>`,
  )
}
