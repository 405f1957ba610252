import { createClient, readProblem, type Resource } from 'hypermock-api/client'
import { useEffect, useState } from 'react'

interface Order extends Resource {
  id: number
  total: number
  currency: string
  status: string
}

type View =
  | { kind: 'loading' }
  | { kind: 'orders'; orders: Order[] }
  | { kind: 'problem'; status: number; text: string }

/** Customer 1's orders, read through the reference client (two attempts at most), or why not. */
export function OrderList() {
  const [view, setView] = useState<View>({ kind: 'loading' })

  useEffect(() => {
    let live = true
    const client = createClient({
      baseUrl: new URL('/api', window.location.href).href,
      token: 'customer-1-token',
      attempts: 2,
    })
    void (async () => {
      const response = await client.request('/api/orders')
      const problem = await readProblem(response)
      const next: View = problem
        ? {
            kind: 'problem',
            status: response.status,
            text: problem.detail ?? problem.title ?? 'The request failed.',
          }
        : {
            kind: 'orders',
            orders: ((await response.json()) as { items: Order[] }).items,
          }
      if (live) setView(next)
    })()
    return () => {
      live = false
    }
  }, [])

  if (view.kind === 'loading') return <p role="status">Loading orders…</p>
  if (view.kind === 'problem')
    return (
      <p role="alert">
        Could not load the orders ({view.status}): {view.text}
      </p>
    )
  if (view.orders.length === 0) return <p>No orders yet.</p>
  return (
    <ul aria-label="Orders">
      {view.orders.map((order) => (
        <li key={order.id}>
          Order {order.id}: {order.total} {order.currency.toUpperCase()},{' '}
          {order.status}
        </li>
      ))}
    </ul>
  )
}
