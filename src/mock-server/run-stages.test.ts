import { describe, expect, it } from 'vitest'
import type { RequestState, Stage, StageContext } from './request-state.ts'
import { runStages, type StageErrorHandler } from './run-stages.ts'
import type { Runtime } from './runtime.ts'

const state = {} as RequestState
const runtime = {} as Runtime
const request = () =>
  new Request('http://hypermock.test/api', { headers: { 'X-Probe': 'yes' } })
const onError: StageErrorHandler = (error) =>
  new Response(`problem: ${(error as Error).message}`, { status: 400 })
const answer =
  (text: string): Stage =>
  async () =>
    new Response(text)

describe('runStages', () => {
  it('runs the stages in order, each around the rest', async () => {
    const steps: string[] = []
    const around =
      (name: string): Stage =>
      async (_c, next) => {
        steps.push(`${name} before`)
        await next()
        steps.push(`${name} after`)
      }
    const response = await runStages(
      [around('a'), around('b'), answer('done')],
      onError,
      request(),
      state,
      runtime,
    )
    expect(await response.text()).toBe('done')
    expect(steps).toEqual(['a before', 'b before', 'b after', 'a after'])
  })

  it('gives a stage the request, its headers and the env', async () => {
    let seen: StageContext | undefined
    await runStages(
      [
        async (c) => {
          seen = c
          return new Response('ok')
        },
      ],
      onError,
      request(),
      state,
      runtime,
    )
    expect(seen?.req.method).toBe('GET')
    expect(seen?.req.header('X-Probe')).toBe('yes')
    expect(seen?.req.header('X-Absent')).toBeUndefined()
    expect(seen?.env.state).toBe(state)
    expect(seen?.env.runtime).toBe(runtime)
  })

  it('ends a throw where it happened: the stages before see the problem and the error', async () => {
    let seenStatus: number | undefined
    let seenError: unknown
    const failure = new Error('refused')
    const response = await runStages(
      [
        async (c, next) => {
          await next()
          seenStatus = c.res?.status
          seenError = c.error
        },
        async () => {
          throw failure
        },
        answer('never'),
      ],
      onError,
      request(),
      state,
      runtime,
    )
    expect(response.status).toBe(400)
    expect(await response.text()).toBe('problem: refused')
    expect(seenStatus).toBe(400)
    expect(seenError).toBe(failure)
  })

  it('lets a stage answer before the rest run, and ignores an answer given after them', async () => {
    const early = await runStages(
      [answer('early'), answer('late')],
      onError,
      request(),
      state,
      runtime,
    )
    expect(await early.text()).toBe('early')
    const ignored = await runStages(
      [
        async (_c, next) => {
          await next()
          return new Response('too late')
        },
        answer('first'),
      ],
      onError,
      request(),
      state,
      runtime,
    )
    expect(await ignored.text()).toBe('first')
  })

  it('lets a stage amend the answer after the rest ran', async () => {
    const response = await runStages(
      [
        async (c, next) => {
          await next()
          c.res?.headers.set('X-Added', '1')
        },
        answer('body'),
      ],
      onError,
      request(),
      state,
      runtime,
    )
    expect(response.headers.get('X-Added')).toBe('1')
  })

  it('fails when no stage answers', async () => {
    await expect(
      runStages(
        [async (_c, next) => next()],
        onError,
        request(),
        state,
        runtime,
      ),
    ).rejects.toThrow('No stage answered')
  })

  it('hands back the answer itself when no stage waits, and a promise when one does', async () => {
    const pass: Stage = (_c, next) => next()
    const now: Stage = () => new Response('now')
    const sync = runStages([pass, now], onError, request(), state, runtime)
    expect(sync).toBeInstanceOf(Response)
    expect(await (sync as Response).text()).toBe('now')
    const waiting = runStages(
      [pass, answer('later')],
      onError,
      request(),
      state,
      runtime,
    )
    expect(waiting).toBeInstanceOf(Promise)
    expect(await (await waiting).text()).toBe('later')
  })
})
