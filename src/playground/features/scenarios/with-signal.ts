import type {
  ClientRequestInit,
  HypermockClient,
} from '../../../client/index.ts'

/**
 * The client, with `signal` on every request that has none of its own: a scenario's steps know
 * nothing of cancelling, and the card's Cancel aborts whichever step (or wait) is going on.
 */
export function withSignal(
  client: HypermockClient,
  signal: AbortSignal,
): HypermockClient {
  const add = (init: ClientRequestInit = {}): ClientRequestInit => ({
    ...init,
    signal: init.signal ?? signal,
  })
  return {
    ...client,
    request: (target, init) => client.request(target, add(init)),
    send: (target, init) => client.send(target, add(init)),
    get: (target, init) => client.get(target, add(init)),
    post: (target, json, init) => client.post(target, json, add(init)),
    put: (target, json, init) => client.put(target, json, add(init)),
    patch: (target, json, init) => client.patch(target, json, add(init)),
    delete: (target, init) => client.delete(target, add(init)),
    root: (init) => client.root(add(init)),
    follow: (resource, rel, init) => client.follow(resource, rel, add(init)),
  }
}
