import { advanceSchema, createControls } from '../controls.ts'
import type { FaultRuleInput } from '../faults/fault-rule.ts'
import { limits } from '../limits.ts'
import { fail } from '../problems/problem-error.ts'
import { HttpResponse } from '../http-response.ts'
import type { Handler, HandlerContext, RouteSpec } from '../route-spec.ts'
import { InvalidSnapshotError } from '../store/snapshot-schema.ts'
import type { ConfigPatch } from './config-patch.ts'
import { parseControlInput } from './control-error.ts'
import { declaredExtras } from './declared-extras.ts'

const noContent = () => HttpResponse.empty()

type Controls = ReturnType<typeof createControls>

/** A control endpoint: the same typed operation `api.*` offers, over HTTP. */
const control =
  (handler: (controls: Controls, ctx: HandlerContext) => Response): Handler =>
  (ctx) =>
    handler(createControls(ctx.runtime), ctx)

function restore(controls: Controls, { body, runtime }: HandlerContext) {
  if (body === undefined) {
    fail('invalid-json', {
      detail: `PUT ${runtime.controlPath}/state needs a snapshot as its JSON body (GET ${runtime.controlPath}/state gives one).`,
    })
  }
  try {
    controls.state.restore(body)
  } catch (error) {
    if (!(error instanceof InvalidSnapshotError)) throw error
    fail('invalid-snapshot', {
      detail: `The snapshot is invalid; nothing was changed. ${error.issues.slice(0, 5).join('; ')}.`,
      // The first 50: a hostile snapshot must not make the answer as large as itself.
      extensions: { errors: error.errors.slice(0, 50) },
    })
  }
  return noContent()
}

function removeFault(controls: Controls, { params, path }: HandlerContext) {
  if (!controls.faults.remove(params.id ?? '')) {
    fail('not-found', {
      detail: `No fault rule ${params.id} exists (it may have retired after its last firing).`,
      instance: path,
    })
  }
  return noContent()
}

/** The control API : public, never rate limited, outside the API base. */
export const controlRoutes: readonly RouteSpec[] = [
  {
    path: '/state',
    public: true,
    cache: 'no-store',
    maxBodyBytes: limits.snapshotBytes,
    methods: {
      GET: control((c) => HttpResponse.json(c.state.snapshot())),
      PUT: control(restore),
    },
  },
  {
    path: '/reset',
    public: true,
    cache: 'no-store',
    methods: {
      POST: control((c) => {
        c.reset()
        return noContent()
      }),
    },
  },
  {
    path: '/faults',
    public: true,
    cache: 'no-store',
    methods: {
      GET: control((c) => HttpResponse.json({ rules: c.faults.list() })),
      POST: control((c, { body, runtime }) => {
        const rule = c.faults.add((body ?? {}) as FaultRuleInput)
        return HttpResponse.json(rule, {
          status: 201,
          headers: { Location: `${runtime.controlPath}/faults/${rule.id}` },
        })
      }),
      DELETE: control((c) => {
        c.faults.clear()
        return noContent()
      }),
    },
  },
  {
    path: '/faults/:id',
    public: true,
    cache: 'no-store',
    methods: { DELETE: control(removeFault) },
  },
  {
    path: '/journal',
    public: true,
    cache: 'no-store',
    methods: {
      GET: control((c) => HttpResponse.json({ entries: c.journal.list() })),
      DELETE: control((c) => {
        c.journal.clear()
        return noContent()
      }),
    },
  },
  {
    path: '/operations',
    public: true,
    cache: 'no-store',
    methods: {
      GET: control((c) =>
        HttpResponse.json({ operations: c.operations.list() }),
      ),
    },
  },
  {
    path: '/config',
    public: true,
    cache: 'no-store',
    methods: {
      GET: control((c) => HttpResponse.json(c.config.get())),
      PATCH: control((c, { body }) =>
        HttpResponse.json(c.config.update((body ?? {}) as ConfigPatch)),
      ),
    },
  },
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
    path: '/clock',
    public: true,
    cache: 'no-store',
    methods: {
      GET: control((c) => HttpResponse.json({ now: c.clock.now() })),
      POST: control((c, { body }) =>
        HttpResponse.json({
          now: c.clock.advance(
            parseControlInput(
              'advance the mock clock',
              advanceSchema,
              body ?? {},
            ).advanceMs,
          ),
        }),
      ),
    },
  },
]
