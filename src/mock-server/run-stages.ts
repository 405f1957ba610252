import type { Runtime } from './runtime.ts'
import type {
  RequestState,
  Stage,
  StageContext,
  StageRequest,
} from './request-state.ts'

/** Turns whatever a stage threw into the answer: a problem document, or the one 500. */
export type StageErrorHandler = (error: unknown, c: StageContext) => Response

/** What a stage that answered without waiting hands back: one settled promise, shared. */
const DONE = Promise.resolve()

/**
 * Runs `after` once the stages behind `next()` have answered: at once when none of them waited,
 * so a stage that amends the answer (rate-limit headers) makes a read wait no more than it did.
 */
export function afterNext(
  walked: Promise<void>,
  after: () => void,
): Promise<void> {
  if (walked !== DONE) return walked.then(after)
  after()
  return DONE
}

/**
 * One request's walk through a list of stages, onion-style (as Hono's middleware): a stage runs
 * `next()` to let the rest answer, then may read or amend `res`. A throw ends at the stage that
 * threw: `error` and `res` (its problem) are set there, and the stages before it see them once
 * their `next()` returns, so a stage that holds something (a claimed key) always gets to let go.
 * One object per request carries it all, the request's and the env's views included: no closure
 * per stage that answers without waiting, and no object per view.
 */
class StageRun implements StageContext, StageRequest {
  readonly state: RequestState
  readonly runtime: Runtime
  readonly raw: Request
  readonly method: string
  res: Response | undefined = undefined
  error: unknown = undefined
  waited = false
  private index = -1
  private readonly stages: readonly Stage[]
  private readonly onError: StageErrorHandler
  readonly next = () => this.dispatch(this.index + 1)

  constructor(
    stages: readonly Stage[],
    onError: StageErrorHandler,
    request: Request,
    state: RequestState,
    runtime: Runtime,
  ) {
    this.stages = stages
    this.onError = onError
    this.raw = request
    this.method = request.method
    this.state = state
    this.runtime = runtime
  }

  /** The request's state and the instance's runtime: the run holds both. */
  get env(): StageContext['env'] {
    return this
  }

  /** The request as the stages read it: the run holds it. */
  get req(): StageRequest {
    return this
  }

  /**
   * A header's value. The mock asks by lower-case name (`content-type`): the platform's `Headers`
   * and a server adapter's lighter one lower-case the name they are given, which costs a new
   * string per read unless it is lower-case already.
   */
  header(name: string) {
    return this.raw.headers.get(name) ?? undefined
  }

  /** A stage's answer: kept only while nothing after it has answered. */
  private settle(answer: Response | void) {
    // What a stage returns after `next()` is ignored once a later one has answered.
    if (answer !== undefined && this.res === undefined) this.res = answer
  }

  private fail(error: unknown) {
    this.error = error
    this.res = this.onError(error, this)
  }

  /**
   * Runs stage `i`. Not `async`: a stage that answers without waiting (most do on a read) costs no
   * promise here, nor does one that hands back `next()` when everything after it answered without
   * waiting (`DONE` settles with nothing to keep); one that waits costs one `then`.
   */
  dispatch(i: number): Promise<void> {
    const stage = this.stages[i]
    if (stage === undefined) return DONE
    this.index = i
    let answer: Promise<Response | void> | Response
    try {
      answer = stage(this, this.next)
    } catch (error) {
      this.fail(error)
      return DONE
    }
    if (answer === DONE) return DONE
    if (answer instanceof Promise) {
      this.waited = true
      return answer.then(
        (settled) => this.settle(settled),
        (error: unknown) => this.fail(error),
      )
    }
    this.settle(answer)
    return DONE
  }
}

/** The answer the stages settled on; the last stage must give one. */
function answerOf(run: StageRun): Response {
  if (run.res === undefined)
    throw new Error('No stage answered the request (the last one must).')
  return run.res
}

/**
 * Runs `stages` for one request: the answer itself when every stage answered without waiting (a
 * read, mostly), else a promise of it. No promise and no turn of the event loop for the former.
 */
export function runStages(
  stages: readonly Stage[],
  onError: StageErrorHandler,
  request: Request,
  state: RequestState,
  runtime: Runtime,
): Response | Promise<Response> {
  const run = new StageRun(stages, onError, request, state, runtime)
  const walked = run.dispatch(0)
  return walked === DONE ? answerOf(run) : walked.then(() => answerOf(run))
}
