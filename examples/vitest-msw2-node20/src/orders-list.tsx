import { isHttpError, type HypermockClient } from 'hypermock-api/client'
import { useEffect, useState } from 'react'

interface Order {
  id: number
  status: string
  total: number
  currency: string
}

type State =
  | { status: 'loading' }
  | { status: 'done'; orders: Order[] }
  | { status: 'failed'; message: string }

/** Lists the first orders; on error, shows the problem's `detail` (what the API says went wrong). */
export function OrdersList({ client }: { client: HypermockClient }) {
  const [state, setState] = useState<State>({ status: 'loading' })

  useEffect(() => {
    let live = true
    client.get<{ items: Order[] }>('/api/orders?perPage=5&sort=id').then(
      (page) => live && setState({ status: 'done', orders: page.items }),
      (error: unknown) =>
        live &&
        setState({
          status: 'failed',
          message: isHttpError(error)
            ? (error.problem?.detail ?? error.message)
            : 'The orders could not be loaded. Check your connection.',
        }),
    )
    return () => {
      live = false
    }
  }, [client])

  if (state.status === 'loading') return <p>Loading orders…</p>
  if (state.status === 'failed') return <p role="alert">{state.message}</p>
  return (
    <ul aria-label="Orders">
      {state.orders.map((order) => (
        <li key={order.id}>
          Order {order.id}: {order.total} {order.currency.toUpperCase()} (
          {order.status})
        </li>
      ))}
    </ul>
  )
}
