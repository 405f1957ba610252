import type { ClientEvent } from '../../../client/index.ts'
import { reasonPhrase } from '../../components/reason-phrase.ts'

function pathOf(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.pathname}${parsed.search}`
  } catch {
    return url
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 2)} s`
}

/** What the client is doing, in a line a scenario card can show while its run goes on. */
export function describeProgress(event: ClientEvent): string {
  const operation = `${event.method} ${pathOf(event.url)}`
  switch (event.type) {
    case 'attempt:start':
      return `Attempt ${event.attempt + 1} of ${operation}: waiting for an answer…`
    case 'attempt:end': {
      const got =
        event.status !== null
          ? `${event.status} ${reasonPhrase(event.status)}`.trim()
          : event.error === 'timeout'
            ? 'timed out'
            : 'no response'
      return `Attempt ${event.attempt + 1} of ${operation}: ${got}.`
    }
    case 'retry:scheduled':
      return `${operation}: waiting ${seconds(event.delayMs)} (${event.reason === 'retry-after' ? 'Retry-After' : 'backoff'}) before attempt ${event.attempt + 2}…`
    case 'request:end':
      return `${operation}: done${event.status === null ? '' : `, ${event.status}`}.`
  }
}
