import { HttpResponse } from '../http-response.ts'
import { fail } from './problem-error.ts'
import type { RouteContext } from '../route-spec.ts'

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

/** Every problem type the API answers with: the built-in ones and its own. */
export function problemIndex(ctx: RouteContext) {
  const base = ctx.runtime.baseHref
  const rows = [...ctx.runtime.api.problems]
    .map(
      ([slug, problem]) =>
        `<li><a href="${base}/problems/${slug}">${slug}</a>: ${problem.status} ${escape(problem.title)}</li>`,
    )
    .join('\n')
  return page(
    'Problem types',
    `<h1>Problem types</h1><p>Every error is an RFC 9457 problem document of one of these types.</p><ul>${rows}</ul>`,
  )
}

/** Human-readable documentation of one problem type: what `type` points at. */
export function problemDoc(ctx: RouteContext) {
  const slug = ctx.params.slug ?? ''
  const problem = ctx.runtime.api.problems.get(slug)
  if (!problem)
    fail('not-found', {
      detail: `No problem type ${slug} exists for this credential.`,
    })
  const base = ctx.runtime.baseHref
  return page(
    problem.title,
    `<p><a href="${base}/problems">All problem types</a></p><h1>${escape(problem.title)}</h1>
<p>Type <code>${base}/problems/${slug}</code>, HTTP status <strong>${problem.status}</strong>.</p>
<p>${prose(problem.summary)}</p>`,
  )
}
