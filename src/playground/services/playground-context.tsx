import {
  createContext,
  useCallback,
  useEffect,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { createClient, type HypermockClient } from '../../client/index.ts'
import { createQueryClient } from '../../react/index.ts'
import { resourceQueryScope } from '../../react/resource-query-key.ts'
import type { MockApi, Scenario } from '../../index.ts'
import { isSharedMockApi } from '../../mock-server/control/remote-mock-api.ts'
import { ClientEventsStore } from './client-events-store.ts'
import { credentialsOf, type Credential } from './declared-credentials.ts'
import { ownRequestsOf, type OwnRequests } from './own-requests.ts'
import { ResponseLog } from './response-log.ts'
import { RetiredRules } from './retired-rules.ts'
import { skipAbandonedReads } from './skip-abandoned-reads.ts'
import { timedOnClock, type Speed } from './speed.ts'
import { VirtualClock } from './virtual-clock.ts'

export type Token = string | null

export interface Playground {
  /** The mock behind the service worker (shared by the tabs of the origin): state, faults, journal, clock. */
  api: MockApi
  /** The reference client for the chosen credential and speed; every request goes through the worker. */
  client: HypermockClient
  /**
   * The same client without events: what the page reads to boot and to draw its views (the root,
   * the description). The timeline shows only `client`'s operations, what the user asked for.
   */
  pageClient: HypermockClient
  /** TanStack Query's cache for that client (its own retries off: the client owns retries). */
  queryClient: QueryClient
  /** The credentials to pick: those the loaded API declares (any Bearer token when it declares none). */
  credentials: readonly Credential[]
  /** The scenarios the loaded API declares (server mode); undefined: the built-in domain's. */
  declaredScenarios: readonly Scenario[] | undefined
  token: Token
  setToken(token: Token): void
  speed: Speed
  setSpeed(speed: Speed): void
  /** The one clock the mock and the client share; the demo speed sets how fast waits pass. */
  clock: VirtualClock
  /** Fault rules that fired their `times`, kept in view until cleared. */
  retiredRules: RetiredRules
  /** The status and key headers of the last response to each request the client sent. */
  responses: ResponseLog
  /** Every attempt and wait of the client, for the retry timeline. */
  clientEvents: ClientEventsStore
  /** The journal entries the playground's own requests made (left out of "Other traffic"). */
  ownRequests: OwnRequests
  storageNotice: string | null
  dismissStorageNotice(): void
}

const PlaygroundContext = createContext<Playground | null>(null)

export function usePlayground(): Playground {
  const value = useContext(PlaygroundContext)
  if (!value)
    throw new Error('usePlayground() needs a <PlaygroundProvider> above it.')
  return value
}

export interface PlaygroundProviderProps {
  api: MockApi
  storageNotice?: string | null
  /** The credential to start with, when the API offers it. @default the API's first */
  initialToken?: Token
  /** The credentials to offer. @default those `api.declaration` declares */
  credentials?: readonly Credential[]
  /** The scenarios to offer. @default those the loaded API's declaration carries */
  declaredScenarios?: readonly Scenario[]
  initialSpeed?: Speed
  /** Told when the credential or the speed changes (the page saves them for the next visit). */
  onPreferencesChange?: (preferences: { token: Token; speed: Speed }) => void
  /** The clock the mock was created on (`now`, `sleep`); one of its own if not given. */
  clock?: VirtualClock
  /** For component tests: a fetch that reaches the mock without a worker. */
  fetch?: (request: Request) => Promise<Response>
  children: ReactNode
}

export function PlaygroundProvider({
  api,
  storageNotice = null,
  initialToken,
  credentials: given,
  declaredScenarios,
  initialSpeed = 1,
  onPreferencesChange,
  clock: givenClock,
  fetch,
  children,
}: PlaygroundProviderProps) {
  const [offered] = useState(() => given ?? credentialsOf(api.declaration))
  const [token, setToken] = useState<Token>(() =>
    initialToken !== undefined &&
    offered.some((credential) => credential.token === initialToken)
      ? initialToken
      : (offered[0]?.token ?? null),
  )
  const [clock] = useState(() => {
    const clock = givenClock ?? new VirtualClock()
    clock.setSpeed(initialSpeed)
    return clock
  })
  const [speed, setSpeedState] = useState<Speed>(initialSpeed)
  const setSpeed = useCallback(
    (next: Speed) => {
      clock.setSpeed(next)
      setSpeedState(next)
    },
    [clock],
  )
  useEffect(
    () => onPreferencesChange?.({ token, speed }),
    [token, speed, onPreferencesChange],
  )
  const [notice, setNotice] = useState(storageNotice)
  const [clientEvents] = useState(() => new ClientEventsStore())
  const [retiredRules] = useState(
    // Kept across reloads where the mock itself is (the page's shared mock), not in a test's.
    () =>
      new RetiredRules(api, isSharedMockApi(api) ? window.localStorage : null),
  )
  const [responses] = useState(() => new ResponseLog())
  const ownRequests = ownRequestsOf(
    api,
    isSharedMockApi(api) ? window.localStorage : null,
  )
  useEffect(() => retiredRules.start(), [retiredRules])
  // One cache for the page; its keys carry the credential, so a switch reads afresh.
  const [queryClient] = useState(createQueryClient)
  useEffect(() => {
    if (!isSharedMockApi(api)) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const stopNotices = api.shared.onNotice(setNotice)
    // Another tab changed the data: what this tab shows over HTTP (the Explorer) is read afresh,
    // once per burst. The views reading the mock itself follow its events already.
    const stopRemote = api.shared.onRemoteChange(() => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: resourceQueryScope })
      }, 50)
    })
    return () => {
      clearTimeout(timer)
      stopNotices()
      stopRemote()
    }
  }, [api, queryClient])
  const client = useMemo(() => {
    const client = createClient({
      baseUrl: new URL(api.basePath, window.location.origin).href,
      ...(token !== null && { token }),
      // The page's fetch at call time (msw's worker intercepts it), or the one a test gives.
      fetch: timedOnClock(
        responses.wrap(
          ownRequests.wrap(fetch ?? ((request) => window.fetch(request))),
        ),
        clock,
      ),
      clock: clock.now,
      sleep: clock.sleep,
      // Timed on the playground's clock by the fetch above, not by a timer of the page.
      timeoutMs: Infinity,
      onEvent: clientEvents.push,
    })
    return skipAbandonedReads(client)
  }, [api, token, fetch, clientEvents, clock, responses, ownRequests])
  const pageClient = useMemo(
    () =>
      skipAbandonedReads(
        createClient({
          baseUrl: new URL(api.basePath, window.location.origin).href,
          ...(token !== null && { token }),
          // Noted as the playground's own, so "Other traffic" leaves these reads out too.
          fetch: timedOnClock(
            ownRequests.wrap(fetch ?? ((request) => window.fetch(request))),
            clock,
          ),
          clock: clock.now,
          sleep: clock.sleep,
          timeoutMs: Infinity,
        }),
      ),
    [api, token, fetch, clock, ownRequests],
  )
  const value = useMemo<Playground>(
    () => ({
      api,
      client,
      pageClient,
      queryClient,
      credentials: offered,
      declaredScenarios,
      token,
      setToken,
      speed,
      setSpeed,
      clock,
      retiredRules,
      responses,
      clientEvents,
      ownRequests,
      storageNotice: notice,
      dismissStorageNotice: () => setNotice(null),
    }),
    [
      api,
      client,
      pageClient,
      queryClient,
      offered,
      declaredScenarios,
      token,
      speed,
      setSpeed,
      clock,
      retiredRules,
      responses,
      clientEvents,
      ownRequests,
      notice,
    ],
  )
  return <PlaygroundContext value={value}>{children}</PlaygroundContext>
}
