import { cacheExchange, Client, fetchExchange } from 'urql'

/**
 * urql's client on the mock's GraphQL endpoint. Its document cache re-runs every query whose
 * answer held a `Plant` once a mutation answers with one: the list reads the new rows again,
 * with no cache code in the app.
 */
export function createGraphqlClient(url: string): Client {
  return new Client({ url, exchanges: [cacheExchange, fetchExchange] })
}
