import type { HypermockClient } from '../../client/index.ts'

/**
 * The client, except that a read whose signal is aborted before the current task ends is never
 * sent. Under `npm run dev`, React's StrictMode mounts every component twice: TanStack Query starts
 * a read, aborts it as the first mount goes, and starts it again. Without this, the mock would
 * journal both reads and the timeline would show an "aborted" operation nobody asked for, in a
 * tool whose point is to show exactly what the app sent. A read aborted later (Cancel, leaving the
 * view) was sent, and still shows as it went.
 */
export function skipAbandonedReads(client: HypermockClient): HypermockClient {
  return {
    ...client,
    get: async (target, init = {}) => {
      if (init.signal) {
        // StrictMode unmounts and mounts again synchronously, in the same task as the first mount.
        await Promise.resolve()
        init.signal.throwIfAborted()
      }
      return client.get(target, init)
    },
  }
}
