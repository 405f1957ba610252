import { z } from 'zod'
import { fail } from '../pipeline.ts'
import { json, type HandlerContext, type RouteSpec } from '../runtime.ts'
import {
  InvalidSnapshotError,
  parseSnapshot,
} from '../store/snapshot-schema.ts'
import { faultRuleInputSchema } from '../faults/fault-rule.ts'
import { validate } from '../validation/validate.ts'
import { configPatchSchema, mergeConfig } from './config-patch.ts'

const noContent = () => new Response(null, { status: 204 })
const advanceSchema = z.strictObject({
  advanceMs: z
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be whole milliseconds' })
    .min(0, { error: 'must be ≥ 0' }),
})

function snapshot({ runtime }: HandlerContext) {
  return json(runtime.db.snapshot())
}

function restore({ runtime, body }: HandlerContext) {
  if (body === undefined)
    fail('invalid-json', {
      detail:
        'PUT /__mock/state needs a snapshot as its JSON body (GET /__mock/state gives one).',
    })
  try {
    runtime.db.load(parseSnapshot(body))
  } catch (error) {
    if (!(error instanceof InvalidSnapshotError)) throw error
    fail('invalid-json', {
      detail: `The snapshot is malformed; nothing was changed. ${error.issues.slice(0, 5).join('; ')}`,
      extensions: { errors: error.issues },
    })
  }
  runtime.events.emit({ type: 'state' })
  return noContent()
}

function reset({ runtime }: HandlerContext) {
  runtime.reset()
  return noContent()
}

function listFaults({ runtime }: HandlerContext) {
  return json({ rules: runtime.faults.list() })
}

function addFault({ runtime, body }: HandlerContext) {
  const input = validate(faultRuleInputSchema, body)
  const rule = runtime.faults.add(input)
  runtime.events.emit({ type: 'faults' })
  return json(rule, {
    status: 201,
    headers: { Location: `/__mock/faults/${rule.id}` },
  })
}

function clearFaults({ runtime }: HandlerContext) {
  runtime.faults.clear()
  runtime.events.emit({ type: 'faults' })
  return noContent()
}

function removeFault({ runtime, params, path }: HandlerContext) {
  if (!runtime.faults.remove(params.id ?? '')) {
    fail('not-found', {
      detail: `No fault rule ${params.id} exists (it may have retired after its last firing).`,
      instance: path,
    })
  }
  runtime.events.emit({ type: 'faults' })
  return noContent()
}

function listJournal({ runtime }: HandlerContext) {
  return json({ entries: runtime.journal.list() })
}

function clearJournal({ runtime }: HandlerContext) {
  runtime.journal.clear()
  runtime.events.emit({ type: 'journal' })
  return noContent()
}

function getConfig({ runtime }: HandlerContext) {
  return json(runtime.config)
}

function patchConfig({ runtime, body }: HandlerContext) {
  const patch = validate(configPatchSchema, body)
  runtime.config = mergeConfig(runtime.config, patch, runtime.options.config)
  if (patch.seed !== undefined) runtime.random.reseed(patch.seed)
  runtime.events.emit({ type: 'config' })
  return json(runtime.config)
}

function getClock({ runtime }: HandlerContext) {
  return json({ now: runtime.clock.iso() })
}

function advanceClock({ runtime, body }: HandlerContext) {
  const { advanceMs } = validate(advanceSchema, body)
  runtime.clock.advance(advanceMs)
  runtime.events.emit({ type: 'clock' })
  return json({ now: runtime.clock.iso() })
}

/** The control API (contract section 10): public, never rate limited, outside the API base. */
export const controlRoutes: readonly RouteSpec[] = [
  {
    path: '/state',
    public: true,
    maxBodyBytes: 64 * 1024 * 1024,
    methods: { GET: snapshot, PUT: restore },
  },
  { path: '/reset', public: true, methods: { POST: reset } },
  {
    path: '/faults',
    public: true,
    methods: { GET: listFaults, POST: addFault, DELETE: clearFaults },
  },
  { path: '/faults/:id', public: true, methods: { DELETE: removeFault } },
  {
    path: '/journal',
    public: true,
    methods: { GET: listJournal, DELETE: clearJournal },
  },
  {
    path: '/config',
    public: true,
    methods: { GET: getConfig, PATCH: patchConfig },
  },
  {
    path: '/clock',
    public: true,
    methods: { GET: getClock, POST: advanceClock },
  },
]
