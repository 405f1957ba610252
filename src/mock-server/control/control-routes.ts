import { createControls } from '../controls.ts'
import { HttpResponse } from '../http-response.ts'
import { buildControlApiDocument } from '../openapi/control-api-document.ts'
import { fail } from '../problems/problem-error.ts'
import type { Handler, Method, RouteSpec } from '../route-spec.ts'
import type { Runtime } from '../runtime.ts'
import { InvalidSnapshotError } from '../store/snapshot-schema.ts'
import { controlCommands, type ControlCommand } from './control-commands.ts'
import { declaredExtras } from './declared-extras.ts'

/** A command as an endpoint: its input read from the request, run on the instance, its answer. */
function endpoint(spec: ControlCommand<unknown, unknown>): Handler<Runtime> {
  return (ctx) => {
    const input = spec.input?.(ctx)
    let output: unknown
    try {
      // The input was parsed from this request, and the output is written as JSON below.
      output = spec.run(createControls(ctx.runtime, { owned: true }), input)
    } catch (error) {
      if (!(error instanceof InvalidSnapshotError)) throw error
      fail('invalid-snapshot', {
        detail: `The snapshot is invalid; nothing was changed. ${error.issues.slice(0, 5).join('; ')}.`,
        // The first 50: a hostile snapshot must not make the answer as large as itself.
        extensions: { errors: error.errors.slice(0, 50) },
      })
    }
    if (spec.answer) return spec.answer(output, ctx)
    return output === undefined
      ? HttpResponse.empty()
      : HttpResponse.json(output)
  }
}

function commandRoutes(): RouteSpec<Runtime>[] {
  const byPath = new Map<string, RouteSpec<Runtime>>()
  for (const spec of Object.values(controlCommands) as ControlCommand<
    unknown,
    unknown
  >[]) {
    let route = byPath.get(spec.path)
    if (!route) {
      route = { path: spec.path, public: true, cache: 'no-store', methods: {} }
      byPath.set(spec.path, route)
    }
    if (spec.maxBodyBytes !== undefined) route.maxBodyBytes = spec.maxBodyBytes
    route.methods[spec.method satisfies Method] = endpoint(spec)
  }
  return [...byPath.values()]
}

/** The control API: public, never rate limited, outside the API base. */
export const controlRoutes: readonly RouteSpec<Runtime>[] = [
  ...commandRoutes(),
  {
    // The declared tokens and scenarios, for a page that knows the API only over HTTP.
    path: '/declaration',
    public: true,
    cache: 'no-store',
    methods: {
      GET: ({ runtime }) =>
        HttpResponse.json(declaredExtras(runtime.api.declaration)),
    },
  },
  {
    // How many changes so far (events.ts): a page that mirrors a server asks every second, and
    // reads a part again only when its count moved.
    path: '/changes',
    public: true,
    cache: 'no-store',
    methods: {
      GET: ({ runtime }) => {
        const { counts, instance } = runtime.events
        return HttpResponse.json({ instance, ...counts })
      },
    },
  },
  // Webhook endpoints live on the instance that delivers: a page mirroring a server sends these
  // over HTTP, never to a copy of its own (which would deliver a second time).
  {
    path: '/webhooks',
    public: true,
    cache: 'no-store',
    maxBodyBytes: 16 * 1024,
    methods: {
      GET: ({ runtime }) =>
        HttpResponse.json({ endpoints: runtime.webhooks.list() }),
      POST: ({ runtime, body }) => {
        const endpoint = runtime.webhooks.add(body)
        return HttpResponse.json(endpoint, {
          status: 201,
          headers: {
            Location: `${runtime.controlPath}/webhooks/${endpoint.id}`,
          },
        })
      },
    },
  },
  {
    path: '/webhooks/deliveries',
    public: true,
    cache: 'no-store',
    methods: {
      GET: ({ runtime }) =>
        HttpResponse.json({ deliveries: runtime.webhooks.deliveries() }),
    },
  },
  {
    path: '/webhooks/:id',
    public: true,
    cache: 'no-store',
    methods: {
      DELETE: ({ runtime, params, path }) => {
        if (!runtime.webhooks.remove(params.id ?? ''))
          fail('not-found', {
            detail: `No webhook endpoint ${params.id} exists.`,
            instance: path,
          })
        return HttpResponse.empty()
      },
    },
  },
  {
    // This table's OpenAPI description (openapi/control-api-document.ts).
    path: '/openapi.json',
    public: true,
    cache: 'no-store',
    methods: {
      GET: ({ runtime }) =>
        HttpResponse.json(
          buildControlApiDocument(controlRoutes, runtime.controlPath),
        ),
    },
  },
]
