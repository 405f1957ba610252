import { journalEntry } from '../journal.ts'
import { problemResponse } from '../problems/problem-response.ts'
import { requestIdOf } from '../request-id.ts'
import type { EngineState } from '../ports/engine-state.ts'
import { checkStoredRows } from './check-stored-rows.ts'
import type {
  ReplicaState,
  SharedCommit,
  SharedState,
  SharedStore,
  SharedUnit,
} from './mock-store.ts'
import { settingsOf } from './persistence.ts'

/** Seconds a caller waits before retrying when the shared store cannot be reached. */
const RETRY_AFTER_SECONDS = 1

/**
 * One replica of a mock whose state lives in a store several processes share. Each request runs
 * as one unit of work: the store's lock is taken, the working set catches up with the commits
 * other replicas made, the request runs (handlers and hooks stay synchronous, on the working set),
 * and what it changed (rows, keys, settings, fault counters, rate-limit windows, the journal) is
 * committed with a log entry before the response leaves. Units queue here one at a time, and
 * across replicas through the store's lock: every replica sees one order of operations.
 *
 * When the store cannot be reached, or a commit fails, the request answers the 503
 * `store-unavailable` problem; the working set, which may then hold writes the store does not, is
 * loaded again whole at the next unit.
 */
export class Replica {
  private readonly runtime: EngineState
  private readonly shared: SharedStore
  /** The store's, for messages. */
  readonly description: string
  /** The last commit this working set holds; -1: load it whole at the next unit. */
  private seen = -1
  private turn: Promise<unknown> = Promise.resolve()
  /** The last request's unit settled (a catch-up alone is not waited for: it changes nothing). */
  private requested: Promise<unknown> = Promise.resolve()
  /** A catch-up waiting for its turn, not begun yet. */
  private queuedRefresh: Promise<void> | null = null
  private requests = 0
  private unstored = 0
  /** The settings and journal as last committed or loaded: what changed outside a request shows against it. */
  private last: Mark | null = null

  constructor(runtime: EngineState, shared: SharedStore, description: string) {
    this.runtime = runtime
    this.shared = shared
    this.description = description
    runtime.nextRequestId = () => requestIdOf(++this.requests)
  }

  /** Runs `handle` as one unit of work; answers the 503 problem when the store is out of reach. */
  run(request: Request, handle: () => Promise<Response>): Promise<Response> {
    const result = this.turn.then(() => this.unit(request, handle))
    this.turn = result.catch(() => {})
    this.requested = this.turn
    return result
  }

  /** The working set holds the store's commits up to `seen`. */
  resume(seen: number) {
    this.seen = seen
    this.last = this.mark()
  }

  /**
   * Commits what was written outside a request (`api.data`, controls called in code). With nothing
   * written, it needs no store: a replica that lost its connections (`seen` is -1, the working set
   * is loaded whole at the next unit) still has nothing to commit, and closes without them. It
   * waits for the requests in flight, not for a catch-up, which may wait for a timeout.
   */
  async flush(): Promise<void> {
    const { runtime } = this
    const last = this.last
    if (
      last !== null &&
      !runtime.db.changed &&
      !this.changedSince(last) &&
      runtime.journal.resets === last.resets &&
      runtime.journal.lastId === last.journal
    )
      return this.requested.then(() => undefined)
    const url = `http://hypermock.invalid${this.runtime.controlPath}`
    const response = await this.run(new Request(url), () =>
      Promise.resolve(new Response(null, { status: 204 })),
    )
    if (response.status !== 204)
      throw new Error(
        `Failed to commit to ${this.description}: it cannot be reached.`,
      )
  }

  /** The number of the last commit the working set holds (-1: none, it loads the store whole next). */
  get head(): number {
    return this.seen
  }

  /**
   * Catches up with the other replicas, changing nothing (a listener wants their requests). Calls
   * made while one is still waiting for its turn share it: a burst of commits costs one catch-up.
   */
  refresh(): Promise<void> {
    if (this.queuedRefresh) return this.queuedRefresh
    const result = this.turn.then(async () => {
      this.queuedRefresh = null
      let unit: SharedUnit | undefined
      try {
        unit = await this.shared.begin(this.seen)
        await this.catchUp(unit)
      } catch {
        this.seen = -1
      } finally {
        await unit?.rollback()
      }
    })
    this.turn = result
    this.queuedRefresh = result
    return result
  }

  private async unit(request: Request, handle: () => Promise<Response>) {
    let unit: SharedUnit | undefined
    // Changed in code since the last commit (`api.clock.advance()`): committed with this unit.
    const dirty = this.last === null || this.changedSince(this.last)
    const journalCleared =
      this.last !== null && this.runtime.journal.resets !== this.last.resets
    try {
      unit = await this.shared.begin(this.seen)
      await this.catchUp(unit)
    } catch (error) {
      await unit?.rollback()
      this.seen = -1
      return this.unavailable(request, error)
    }
    const mark = this.mark()
    if (dirty) mark.settingsDirty = true
    if (journalCleared) mark.journalCleared = true
    let response: Response
    try {
      response = await handle()
    } catch (error) {
      // handleRequest answers every failure itself; this is a last guard that frees the lock.
      await unit.rollback()
      this.seen = -1
      throw error
    }
    try {
      this.seen = await unit.commit(this.cut(mark))
      this.last = this.mark()
    } catch (error) {
      this.seen = -1
      return this.unavailable(request, error)
    }
    return response
  }

  private mark(): Mark {
    const { runtime } = this
    return {
      config: runtime.config,
      offset: runtime.clock.offset(),
      faults: runtime.faults.revision,
      journal: runtime.journal.lastId,
      resets: runtime.journal.resets,
      settingsDirty: false,
      journalCleared: false,
    }
  }

  private changedSince(mark: Mark) {
    const { runtime } = this
    return (
      runtime.config !== mark.config ||
      runtime.clock.offset() !== mark.offset ||
      runtime.faults.revision !== mark.faults
    )
  }

  private cut(mark: Mark): SharedCommit {
    const { runtime } = this
    // Every unit writes (the journal at least): it also forgets a bounded number of expired keys,
    // in the store and, through the log, on every replica.
    runtime.db.sweepExpired(runtime.clock.now())
    const changes = runtime.db.takeChanges()!
    if (mark.settingsDirty || this.changedSince(mark))
      changes.settings = settingsOf(runtime)
    const journalCleared =
      mark.journalCleared || runtime.journal.resets !== mark.resets
    return {
      changes,
      replica: this.replicaState(),
      journalCleared,
      journal: runtime.journal.recordedAfter(journalCleared ? 0 : mark.journal),
    }
  }

  replicaState(): ReplicaState {
    return {
      requests: this.requests,
      journalCounter: this.runtime.journal.lastId,
      windows: this.runtime.limiter.save(),
    }
  }

  private async catchUp(unit: SharedUnit) {
    const { runtime } = this
    const last = this.last
    // What this replica changed itself and has not committed: still to commit after the catch-up.
    const own = last && {
      settings: this.changedSince(last),
      journal: runtime.journal.lastId !== last.journal,
      cleared: runtime.journal.resets !== last.resets,
    }
    if (unit.since === null) {
      const whole = await unit.whole()
      if (whole) this.loadWhole(whole)
      // The journal is now the store's own; entries kept of a unit that failed to commit are gone.
      if (whole && own) own.journal = false
    } else for (const commit of unit.since) this.apply(commit)
    this.seen = unit.head
    // The other replicas' commits it now holds are in the store already: a flush has nothing of
    // theirs to write (their journal entries and settings are not this replica's changes).
    if (last && own) {
      const now = this.mark()
      if (!own.settings) {
        last.config = now.config
        last.offset = now.offset
        last.faults = now.faults
      }
      if (!own.journal) last.journal = now.journal
      if (!own.cleared) last.resets = now.resets
    }
  }

  /** The working set becomes the store's state (a replica fallen behind the log, or after a failure). */
  loadWhole(whole: SharedState) {
    const { runtime } = this
    const report = checkStoredRows(runtime.api, whole)
    if (whole.settings) applySettings(runtime, whole.settings)
    runtime.db.load(report.fitting)
    // Rows left out (they no longer fit) may stay stored: a new row never takes one's id.
    for (const [name, rows] of Object.entries(whole.tables))
      if (runtime.api.resources.has(name))
        for (const row of rows) runtime.db.table(name).reserve(row.id)
    runtime.db.takeChanges()
    runtime.journal.reset()
    if (whole.replica) this.applyReplica(whole.replica)
    runtime.journal.adopt(whole.journal, whole.replica?.journalCounter ?? 0)
    if (whole.events) {
      // The events this replica lacks join its log, and its listeners hear of them.
      const log = runtime.stateEvents.log
      log.append(whole.events)
      log.announce()
    }
    runtime.events.emit({ type: 'state' })
  }

  private apply(commit: SharedCommit) {
    const { runtime } = this
    runtime.db.apply(commit.changes)
    if (commit.changes.settings) applySettings(runtime, commit.changes.settings)
    if (commit.journalCleared) runtime.journal.reset()
    runtime.journal.adopt(
      commit.journal,
      commit.replica?.journalCounter ?? runtime.journal.lastId,
    )
    if (commit.replica) this.applyReplica(commit.replica)
    if (commit.changes.events?.length) {
      runtime.stateEvents.log.append(commit.changes.events)
      runtime.stateEvents.log.announce()
    }
    const { events } = runtime
    // Another replica's requests are events only for a listener; the change is counted either way.
    if (events.listening)
      for (const entry of commit.journal)
        events.emit({ type: 'request', entry: journalEntry(entry) })
    events.emit({ type: 'state' })
  }

  private applyReplica(state: ReplicaState) {
    this.requests = state.requests
    this.runtime.limiter.restore(state.windows)
  }

  private unavailable(request: Request, error: unknown) {
    const { runtime } = this
    let path = '/'
    try {
      path = new URL(request.url).pathname
    } catch {
      // a Request always has an absolute URL
    }
    const reason = error instanceof Error ? error.message : String(error)
    return problemResponse(
      'store-unavailable',
      {
        detail: `The mock's database cannot be reached (${reason}); nothing was read or changed. Retry after ${RETRY_AFTER_SECONDS} s.`,
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      },
      {
        basePath: runtime.baseHref,
        problems: runtime.api.problems,
        requestPath: path,
        requestId: `req-unstored-${++this.unstored}`,
      },
    )
  }
}

function applySettings(
  runtime: EngineState,
  settings: NonNullable<SharedCommit['changes']['settings']>,
) {
  const seedChanged = runtime.config.seed !== settings.config.seed
  runtime.config = structuredClone(settings.config)
  if (seedChanged) runtime.random.reseed(runtime.config.seed)
  runtime.clock.setOffset(settings.clockOffsetMs)
  runtime.faults.restore(settings.faults, settings.nextFault)
}

interface Mark {
  config: unknown
  offset: number
  faults: number
  journal: number
  resets: number
  /** Settings changed outside a request: stored with the next unit. */
  settingsDirty: boolean
  /** The journal was cleared outside a request: cleared everywhere with the next unit. */
  journalCleared: boolean
}
