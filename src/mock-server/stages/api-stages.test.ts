import { expect, test } from 'vitest'
import type { RequestState, StageContext } from '../request-state.ts'
import type { Runtime } from '../runtime.ts'
import { API_STAGES } from './api-stages.ts'
import { BODY_METHODS } from './read-body.ts'

/**
 * A request without a body skips the stages marked `bodyOnly`: each of them must, for such a
 * request, call `next()` and do nothing else (no answer, no change to the request's state).
 */
test('a stage marked bodyOnly only calls next() for a method without a body', async () => {
  const marked = API_STAGES.filter((s) => s.bodyOnly)
  expect(marked.length).toBeGreaterThan(0)
  for (const method of ['GET', 'HEAD', 'OPTIONS', 'PROPFIND']) {
    expect(BODY_METHODS.has(method)).toBe(false)
    for (const { stage: of } of marked) {
      const state = {
        path: '/api/orders/1',
        bodyBytes: null,
        body: undefined,
        idempotencyKey: null,
        principal: { id: 'customer:1', owns: [], scopes: ['read'] },
        route: null,
      } as unknown as RequestState
      const before = JSON.stringify(state)
      const runtime = {} as Runtime
      const stage = of(runtime)!
      const c = {
        env: { state, runtime },
        req: {
          raw: new Request('http://localhost/api/orders/1', { method }),
          method,
          header: () => undefined,
        },
        res: undefined,
        error: undefined,
      } as unknown as StageContext
      let nexts = 0
      const answer = await stage(c, () => {
        nexts += 1
        return Promise.resolve()
      })
      expect(nexts, `${method}: ${stage.name}`).toBe(1)
      expect(answer, `${method}: ${stage.name}`).toBeUndefined()
      expect(JSON.stringify(state), `${method}: ${stage.name}`).toBe(before)
    }
  }
})
