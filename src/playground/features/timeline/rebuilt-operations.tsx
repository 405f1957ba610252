import { useId, useSyncExternalStore } from 'react'
import type { MockApi } from '../../../index.ts'
import { usePlayground } from '../../services/playground-context.tsx'
import { useMockValue } from '../../services/use-mock-value.ts'
import { otherTraffic } from './other-traffic.ts'
import { RebuiltRow } from './rebuilt-row.tsx'

const readOperations = (api: MockApi) => api.operations.list()

/**
 * Every other client's traffic (the console's raw fetch, other tabs, any code of the page), rebuilt
 * from what the mock saw: requests grouped into operations, with measured waits and verdicts.
 */
export function RebuiltOperations() {
  const { api, clientEvents, ownRequests } = usePlayground()
  const id = useId()
  const operations = useMockValue(api, ['request', 'journal'], readOperations)
  const events = useSyncExternalStore(
    clientEvents.subscribe,
    clientEvents.getSnapshot,
  )
  // Re-read when an entry is noted as the playground's own (it may be noted after it arrived).
  useSyncExternalStore(ownRequests.subscribe, ownRequests.getSnapshot)
  const others = otherTraffic(operations, events, ownRequests.keysNow())
    .slice(-50)
    .reverse()
  const longest = Math.max(1000, ...others.map((op) => op.endMs - op.startMs))
  return (
    <section aria-labelledby={`${id}-heading`} className="tl-rebuilt">
      <h3 id={`${id}-heading`}>
        Other traffic{' '}
        <span className="tl-rebuilt-label">
          rebuilt from what the mock sees
        </span>
      </h3>
      <p className="tl-intro">
        Requests the reference client did not send (a raw fetch from the
        console, another tab, your own code), grouped into operations by{' '}
        <code>Idempotency-Key</code>, else by the correlation header, else as
        the same request sent again soon after a failed answer. Waits are
        measured, never split into backoff and jitter; verdicts check the retry
        rules.
      </p>
      {others.length === 0 ? (
        <p className="tl-empty">No other traffic yet.</p>
      ) : (
        <ol className="tl-rows" aria-label="Other traffic">
          {others.map((operation) => (
            <RebuiltRow
              key={operation.id}
              operation={operation}
              scaleMs={longest}
            />
          ))}
        </ol>
      )}
    </section>
  )
}
