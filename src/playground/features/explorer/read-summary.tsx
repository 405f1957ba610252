import { useMemo, useSyncExternalStore } from 'react'
import { buildTimeline } from '../../../client/index.ts'
import { reasonPhrase } from '../../components/reason-phrase.ts'
import { ViewLink } from '../../components/view-link.tsx'
import { usePlayground } from '../../services/playground-context.tsx'

/**
 * What the last read of `href` got: its status, the key response headers (ETag, Location,
 * RateLimit, Retry-After, Idempotent-Replayed, WWW-Authenticate) and, when the client retried, how
 * many attempts it took, linked to that operation's row on the timeline.
 */
export function ReadSummary({ href }: { href: string }) {
  const { client, responses, clientEvents } = usePlayground()
  const url = client.resolve(href)
  const seen = useSyncExternalStore(responses.subscribe, () =>
    responses.get('GET', url),
  )
  const events = useSyncExternalStore(
    clientEvents.subscribe,
    clientEvents.getSnapshot,
  )
  const operation = useMemo(
    () =>
      buildTimeline(events).findLast(
        (row) => row.method === 'GET' && row.url === url,
      ),
    [events, url],
  )
  if (!seen && !operation) return null
  const attempts = operation?.attempts.length ?? 0
  const running = operation !== undefined && operation.end === null
  return (
    <dl className="read-summary" aria-label="Last read">
      {seen && (
        <div>
          <dt>Status</dt>
          <dd>
            {seen.status} {reasonPhrase(seen.status)}
          </dd>
        </div>
      )}
      {seen?.headers.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>
            <code>{value}</code>
          </dd>
        </div>
      ))}
      {operation && (attempts > 1 || running) && (
        <div>
          <dt>Retries</dt>
          <dd>
            {running
              ? `attempt ${attempts} running`
              : `after ${attempts} attempts`}{' '}
            →{' '}
            <ViewLink view="timeline" params={{ op: operation.operationId }}>
              timeline
            </ViewLink>
          </dd>
        </div>
      )}
    </dl>
  )
}
