import { useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { resourceQueryKey } from '../../../react/resource-query-key.ts'
import { usePlayground } from '../../services/playground-context.tsx'
import { speeds } from '../../services/speed.ts'

const fastest = speeds[speeds.length - 1]!

/**
 * While a read of `href` waits to retry: Cancel (aborts the wait and the read), and at less than
 * the fastest demo speed, a button to speed the demo up (a 500 fault makes the client back off
 * for about 17 s at 1×). `onCancel` lets the panel offer a retry afterwards.
 */
export function WaitControls({
  href,
  onCancel,
}: {
  href: string
  onCancel(): void
}) {
  const { client, clientEvents, speed, setSpeed } = usePlayground()
  const queryClient = useQueryClient()
  const url = client.resolve(href)
  // From the first retry on: a read that answers at once never flashes the controls.
  const waiting = useSyncExternalStore(clientEvents.subscribe, () => {
    const last = clientEvents.getSnapshot().findLast((e) => e.url === url)
    if (last?.type === 'retry:scheduled') return true
    return last?.type === 'attempt:start' && last.attempt > 0
  })
  if (!waiting) return null
  return (
    <div className="wait-controls">
      <button
        type="button"
        onClick={() => {
          void queryClient.cancelQueries({
            queryKey: resourceQueryKey(url, client.token),
          })
          onCancel()
        }}
      >
        Cancel the read
      </button>
      {speed < fastest && (
        <>
          <button type="button" onClick={() => setSpeed(fastest)}>
            Speed the demo up to {fastest}×
          </button>
          <span className="muted">
            At {speed}× the client waits its backoff in real time; at {fastest}×
            every wait passes {fastest / speed}× faster.
          </span>
        </>
      )}
    </div>
  )
}
