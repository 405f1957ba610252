import { useEditorContext } from '@graphiql/react'
import { GraphiQL, type GraphiQLProps } from 'graphiql'
import 'graphiql/style.css'
import { getOperationAST, parse } from 'graphql'
import { useEffect, useMemo } from 'react'

type Fetcher = GraphiQLProps['fetcher']
type FetcherParams = Parameters<Fetcher>[0]
/** What a fetcher resolves to: results as JSON, which GraphiQL reads as its own types. */
type Answer = Awaited<ReturnType<Fetcher>>

/** A problem answer (401, 429, a fault's 503) as the GraphQL error GraphiQL shows. */
async function problemAsResult(response: Response) {
  let problem: Record<string, unknown> = {}
  try {
    problem = (await response.json()) as Record<string, unknown>
  } catch {
    // No JSON: the status speaks.
  }
  const detail =
    typeof problem.detail === 'string' ? problem.detail : response.statusText
  return {
    errors: [
      {
        message: `${response.status}: ${detail}`,
        extensions: { status: response.status, ...problem },
      },
    ],
  }
}

function isSubscription(params: FetcherParams) {
  try {
    const operation = getOperationAST(
      parse(params.query),
      params.operationName ?? null,
    )
    return operation?.operation === 'subscription'
  } catch {
    return false
  }
}

/**
 * Queries and mutations over GraphQL over HTTP (the page's `fetch`, which the mock answers),
 * subscriptions over graphql-ws; both with `authorization` unless the Headers tab sets its own.
 */
function fetcherFor(url: string, authorization: string | null): Fetcher {
  return async (params, options) => {
    const headers = new Headers({
      'Content-Type': 'application/json',
      Accept: 'application/graphql-response+json, application/json',
    })
    if (authorization !== null) headers.set('Authorization', authorization)
    for (const [name, value] of Object.entries(options?.headers ?? {}))
      headers.set(name, String(value))
    if (isSubscription(params)) {
      const { createClient } = await import('graphql-ws')
      const socketUrl = new URL(url)
      socketUrl.protocol = socketUrl.protocol === 'https:' ? 'wss:' : 'ws:'
      const client = createClient({
        url: socketUrl.href,
        lazy: true,
        retryAttempts: 0,
        connectionParams: Object.fromEntries(headers),
      })
      const results = client.iterate(params)
      return {
        [Symbol.asyncIterator]: () => ({
          next: () => results.next(),
          return: async () => {
            await results.return?.()
            await client.dispose()
            return { value: undefined, done: true as const }
          },
        }),
      } as unknown as Answer
    }
    const response = await globalThis.fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(params),
    })
    const type = response.headers.get('Content-Type') ?? ''
    if (type.includes('json') && !type.includes('problem+json'))
      return (await response.json()) as Answer
    return (await problemAsResult(response)) as unknown as Answer
  }
}

/** What the editor shows first: the schema's root fields, which run as they are. */
const DEFAULT_QUERY = `# The mock's GraphQL: run this (Ctrl-Enter) to list what it serves.
{
  __schema {
    queryType { fields { name } }
    mutationType { fields { name } }
  }
}
`

/**
 * The query, variables and headers editors wrap a line wider than their pane, as GraphiQL's result
 * pane does: the default query's comment at a laptop's width, and most lines at a phone's, stay
 * in sight instead of running out of the pane.
 */
function WrapLongLines() {
  const { queryEditor, variableEditor, headerEditor } = useEditorContext({
    nonNull: true,
  })
  useEffect(() => {
    for (const editor of [queryEditor, variableEditor, headerEditor])
      editor?.setOption('lineWrapping', true)
  }, [queryEditor, variableEditor, headerEditor])
  return null
}

/** GraphiQL on the mock's `/graphql`; `query` starts the editor (a link's `?query=`). */
export default function GraphiqlPanel({
  url,
  authorization,
  query,
}: {
  url: string
  authorization: string | null
  query?: string | undefined
}) {
  const fetcher = useMemo(
    () => fetcherFor(url, authorization),
    [url, authorization],
  )
  return (
    <div className="graphiql-frame">
      <GraphiQL
        fetcher={fetcher}
        defaultQuery={DEFAULT_QUERY}
        {...(query !== undefined && { query })}
      >
        <WrapLongLines />
      </GraphiQL>
    </div>
  )
}
