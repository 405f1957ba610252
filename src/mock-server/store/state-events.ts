import type { AnyRecord, DataAccess, Id } from '../declare/types.ts'
import type { ApiModel } from '../model/compiled-api.ts'
import type { Database } from './database.ts'
import { DeliveryVerdicts } from '../faults/delivery-verdicts.ts'
import { EventLog } from './event-log.ts'
import type { CloudEventJson, StoredEvent } from './state-event.ts'

/** The operation whose writes are being made: a state action names its record's change after it. */
export interface EventOperation {
  /** The resource the route serves. */
  resource?: string | undefined
  /** The action of an action route (`harvest`). */
  action?: string | undefined
  /** The route's parameters: `id` names the action's record. */
  params: Record<string, string>
  /** The origin the request came to: the events' `source` where the base has none of its own. */
  origin?: string | undefined
}

/** What making an event reads of an instance. */
export interface StateEventsHost {
  api: ApiModel
  db: Database
  clock: { iso(): string }
  /** The base's origin (where it has one) and path: the events' `source`. */
  baseHref: string
  /** The base's path ('' at the root): where `subject` starts. */
  basePath: string
}

interface Write {
  table: string
  id: Id
  before: AnyRecord | undefined
  after: AnyRecord | null
}

const newEventId = () => crypto.randomUUID()

/**
 * Makes a CloudEvent of every change of a record, from the one place every write passes: the
 * working set (`Database`), whichever path wrote (a declared route, an imported OpenAPI
 * description, a recorded backend, `api.data` in code). The writes of one operation are gathered
 * while it runs (`begin` … `end`), one event per record however often it was written: `created`,
 * `updated`, `deleted`, or the action's own name for the record an action moved. A write outside
 * an operation (`api.data`) is an event at once. Loading a snapshot, a reset or another replica's
 * commit writes no row here and makes no event: a replaced state is no change of one record.
 */
export class StateEvents {
  readonly log: EventLog
  /** `/events` streams open now (at most `limits.eventStreams`). */
  openStreams = 0
  /** What the consumers did when an events fault put them to the test. */
  readonly verdicts: DeliveryVerdicts
  /** The open streams' deliveries, told when the mock clock is advanced (a `delay` comes due). */
  readonly clockListeners = new Set<() => void>()
  private readonly host: StateEventsHost
  private operation: EventOperation | null = null
  private readonly writes = new Map<string, Write>()

  constructor(host: StateEventsHost, report: (error: unknown) => void) {
    this.host = host
    this.log = new EventLog(report)
    this.verdicts = new DeliveryVerdicts(() => host.clock.iso())
  }

  /** The mock clock was advanced: held deliveries that came due go now. */
  clockMoved() {
    for (const listener of [...this.clockListeners]) listener()
  }

  /** The `Database` observer. */
  readonly written = (
    table: string,
    id: Id,
    before: AnyRecord | undefined,
    after: AnyRecord | null,
  ) => {
    const resource = this.host.api.resources.get(table)
    if (!resource || resource.declaration.events === false) return
    if (this.operation === null) {
      this.publish([{ table, id, before, after }], null)
      this.log.announce()
      return
    }
    const key = `${table}\u0000${typeof id}:${String(id)}`
    const seen = this.writes.get(key)
    if (seen) seen.after = after
    else this.writes.set(key, { table, id, before, after })
  }

  /** An operation starts: its writes are gathered until `end()`. */
  begin(operation: EventOperation) {
    this.operation = operation
    // Asked first: clearing a map allocates a new table even when it is empty (a read's case).
    if (this.writes.size !== 0) this.writes.clear()
  }

  /** The operation's synchronous step ended: its changes become events, in the order first written. */
  end() {
    const operation = this.operation
    this.operation = null
    if (this.writes.size === 0) return
    const writes = [...this.writes.values()]
    this.writes.clear()
    // An action's own record first: the other changes follow from it.
    if (operation?.action !== undefined) {
      const at = writes.findIndex(
        (w) =>
          w.table === operation.resource &&
          namesRow(
            operation.params.id,
            w.after ?? w.before ?? {},
            this.host.api.resources.get(w.table)!.key.member,
          ),
      )
      if (at > 0) writes.unshift(...writes.splice(at, 1))
    }
    this.publish(writes, operation)
  }

  private publish(writes: Write[], operation: EventOperation | null) {
    const { api, db } = this.host
    const made: StoredEvent[] = []
    const data: DataAccess = { table: (name) => db.handle(name) }
    for (const write of writes) {
      const resource = api.resources.get(write.table)!
      const row = write.after ?? write.before
      if (!row) continue // created and deleted by one operation: no change anyone saw
      const kind =
        write.before === undefined
          ? 'created'
          : write.after === null
            ? 'deleted'
            : operation?.action !== undefined &&
                operation.resource === write.table &&
                namesRow(operation.params.id, row, resource.key.member)
              ? operation.action
              : 'updated'
      let owners: (string | number)[] | null = null
      if (resource.owners) {
        try {
          owners = resource.owners(row, data)
        } catch {
          owners = [] // an owner that cannot be read: only a reader of every row sees it
        }
      }
      const event: CloudEventJson = {
        specversion: '1.0',
        id: newEventId(),
        source: sourceOf(this.host, operation),
        type: `${write.table}.${kind}`,
        time: this.host.clock.iso(),
        subject: `${this.host.basePath}/${write.table}/${encodeURIComponent(String(write.id))}`,
        datacontenttype: 'application/json',
        data: JSON.parse(
          api.presentJson(resource, row, this.host),
        ) as CloudEventJson['data'],
      }
      made.push({ seq: this.log.last + made.length + 1, owners, event })
    }
    if (made.length === 0) return
    this.log.append(made)
    db.recordEvents(made)
  }
}

function namesRow(param: string | undefined, row: AnyRecord, key: string) {
  if (param === undefined) return false
  return String(row.id) === param || String(row[key]) === param
}

/** The API's base URL: absolute where the base or the request that wrote gives an origin. */
function sourceOf(host: StateEventsHost, operation: EventOperation | null) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(host.baseHref)) return host.baseHref
  const origin = operation?.origin
  if (origin && origin !== 'null') return `${origin}${host.basePath}`
  return host.baseHref || '/'
}
