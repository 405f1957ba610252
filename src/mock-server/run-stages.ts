import type { Runtime } from './runtime.ts'
import type {
  RequestState,
  Stage,
  StageContext,
  StageRequest,
} from './request-state.ts'

/** Turns whatever a stage threw into the answer: a problem document, or the one 500. */
export type StageErrorHandler = (error: unknown, c: StageContext) => Response

class StageRequestOf implements StageRequest {
  readonly raw: Request
  readonly method: string
  constructor(raw: Request) {
    this.raw = raw
    this.method = raw.method
  }
  header(name: string) {
    return this.raw.headers.get(name) ?? undefined
  }
}

/**
 * One request's walk through a list of stages, onion-style (as Hono's middleware): a stage runs
 * `next()` to let the rest answer, then may read or amend `res`. A throw ends at the stage that
 * threw: `error` and `res` (its problem) are set there, and the stages before it see them once
 * their `next()` returns, so a stage that holds something (a claimed key) always gets to let go.
 * One object per request carries it all: no closure per stage.
 */
class StageRun implements StageContext {
  readonly env: { state: RequestState; runtime: Runtime }
  readonly req: StageRequest
  res: Response | undefined = undefined
  error: unknown = undefined
  private index = -1
  private readonly stages: readonly Stage[]
  private readonly onError: StageErrorHandler
  readonly next = () => this.dispatch(this.index + 1)

  constructor(
    stages: readonly Stage[],
    onError: StageErrorHandler,
    request: Request,
    env: StageContext['env'],
  ) {
    this.stages = stages
    this.onError = onError
    this.req = new StageRequestOf(request)
    this.env = env
  }

  async dispatch(i: number): Promise<void> {
    const stage = this.stages[i]
    if (stage === undefined) return
    this.index = i
    let answer: Response | void
    try {
      answer = await stage(this, this.next)
    } catch (error) {
      this.error = error
      this.res = this.onError(error, this)
      return
    }
    // A stage answers only while nothing after it has: what it returns after `next()` is ignored.
    if (answer !== undefined && this.res === undefined) this.res = answer
  }
}

/** Runs `stages` for one request and resolves with the answer they settled on. */
export async function runStages(
  stages: readonly Stage[],
  onError: StageErrorHandler,
  request: Request,
  env: StageContext['env'],
): Promise<Response> {
  const run = new StageRun(stages, onError, request, env)
  await run.dispatch(0)
  if (run.res === undefined)
    throw new Error('No stage answered the request (the last one must).')
  return run.res
}
