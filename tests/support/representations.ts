/** The JSON shapes of contract section 1, as the suite reads them from response bodies. */
export interface Link {
  href: string
  method?: string
  title?: string
}

export type Links = Record<string, Link>

export interface Order {
  id: number
  status: 'pending' | 'paid' | 'cancelled'
  total: number
  currency: string
  customerId: number
  note: string | null
  version: number
  createdAt: string
  updatedAt: string
  _links: Links
}

export interface Payment {
  id: number
  amount: number
  currency: string
  status: string
  orderId: number | null
  createdAt: string
  _links: Links
}

export interface Account {
  id: number
  customerId: number
  currency: string
  balance: number
  _links: Links
}

export interface Transfer {
  id: number
  fromAccountId: number
  toAccountId: number
  amount: number
  currency: string
  status: 'completed' | 'failed'
  createdAt: string
  _links: Links
}

export interface Customer {
  id: number
  name: string
  email: string
  _links: Links
}

export interface Collection<T> {
  items: T[]
  page: number
  perPage: number
  total: number
  _links: Links
}

/** Reads a JSON body as the given representation. */
export async function readJson<T>(response: Response): Promise<T> {
  return (await response.json()) as T
}
