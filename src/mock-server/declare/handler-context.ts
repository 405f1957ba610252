import { wrapItemJson } from '../conventions/item-envelope.ts'
import { HttpResponse } from '../http-response.ts'
import { ProblemError } from '../problems/problem-error.ts'
import type { RouteContext } from '../route-spec.ts'
import type { HandlerRuntime } from '../ports/handler-runtime.ts'
import { validationFailed, type FieldError } from '../validation/validate.ts'
import { checkIfMatch } from './check-if-match.ts'
import { pathOf, type CompiledResource } from './compile-resource.ts'
import type { AnyRecord, DataAccess, Id, HandlerContext } from './types.ts'

/**
 * Where a collection or an item lives, under the base (with its origin, where it has one); a
 * nested collection's parents filled from `row`.
 */
export function hrefOf(
  runtime: HandlerRuntime,
  resource: string,
  id?: Id,
  row?: AnyRecord,
) {
  const compiled = runtime.api.resources.get(resource)
  const path = compiled ? pathOf(compiled, row) : `/${resource}`
  const collection = `${runtime.baseHref}${path}`
  return id === undefined
    ? collection
    : `${collection}/${encodeURIComponent(String(id))}`
}

export function dataAccess(runtime: HandlerRuntime): DataAccess {
  return {
    table: <R extends AnyRecord>(name: string) => runtime.db.handle<R>(name),
  }
}

export function resourceOf(
  runtime: HandlerRuntime,
  name: string,
): CompiledResource {
  const resource = runtime.api.resources.get(name)
  if (!resource)
    throw new Error(
      `Failed to answer: no resource is named "${name}"; declared: ${[...runtime.api.resources.keys()].join(', ')}.`,
    )
  return resource
}

/** A record with its links and ETag: 200, or 201 with `Location` (where it has an item). */
export function recordResponse(
  runtime: HandlerRuntime,
  resource: CompiledResource,
  row: AnyRecord,
  created = false,
  status = created ? resource.status.create : 200,
) {
  // The representation comes as JSON text (a seed row's is written once): sent as text, typed.
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ETag: runtime.api.etag(resource, row),
  }
  // A collection with no items has no item to name.
  if (created && resource.items)
    // At the path the API writes: with its suffix, where it declares one (`/posts/7.json`).
    headers.Location = `${hrefOf(runtime, resource.name, row.id as Id, row)}${resource.declaration.suffix ?? ''}`
  return HttpResponse.text(
    wrapItemJson(
      resource.item,
      runtime.api.presentJson(resource, row, runtime),
    ),
    { status, headers },
  )
}

/** What hooks and custom handlers get: the request, the data, and ways to answer. */
export function handlerContext(ctx: RouteContext): HandlerContext {
  const { runtime } = ctx
  return {
    request: ctx.request,
    body: ctx.body,
    url: ctx.url,
    path: ctx.path,
    params: ctx.params,
    principal: ctx.principal,
    admin: ctx.principal.owns === 'all',
    data: dataAccess(runtime),
    now: () => runtime.clock.iso(),
    random: () => runtime.random.next(),
    basePath: runtime.baseHref,
    href: (resource, id) => hrefOf(runtime, resource, id),
    fail(slug, options) {
      if (!runtime.api.problems.has(slug))
        throw new Error(
          `Failed to answer with the problem "${slug}": it is neither built in nor declared in the API's problems.`,
        )
      throw new ProblemError(slug, {
        detail: options.detail,
        ...(options.instance !== undefined && { instance: options.instance }),
        ...(options.members && { extensions: options.members }),
        ...(options.headers && { headers: options.headers }),
      })
    },
    invalid(errors) {
      const list: FieldError[] = Array.isArray(errors)
        ? [...(errors as FieldError[])]
        : [errors as FieldError]
      validationFailed(list, ctx.body !== undefined)
    },
    ok: (name, row) => recordResponse(runtime, resourceOf(runtime, name), row),
    created: (name, row) =>
      recordResponse(runtime, resourceOf(runtime, name), row, true),
    etag: (name, row) => runtime.api.etag(resourceOf(runtime, name), row),
    checkIfMatch(name, row) {
      checkIfMatch(
        ctx.request,
        runtime.api.etag(resourceOf(runtime, name), row),
      )
    },
  }
}
