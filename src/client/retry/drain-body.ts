/** A problem document is a few hundred bytes; a retried body past this is not worth the bandwidth. */
const maxDrainBytes = 1024 * 1024

/**
 * Reads a retried response's body to its end and drops it. Reading, not cancelling, is the point:
 * a cancelled body shows as "cancelled" in the browser's devtools and loses the problem the server
 * sent (why it asked to retry); an unread one holds its connection. A body past 1 MiB, one that
 * stalls for `limitMs`, or one that errors is cancelled instead: the retry never waits on it.
 * Never rejects.
 */
export async function drainBody(
  response: Response,
  limitMs: number,
): Promise<void> {
  if (response.body === null || response.bodyUsed) return
  const reader = response.body.getReader()
  // setTimeout, not the injected sleep, for the same reason as the attempt's time-out.
  const timer = Number.isFinite(limitMs)
    ? setTimeout(() => reader.cancel().catch(() => {}), limitMs)
    : undefined
  try {
    let bytes = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      bytes += value.byteLength
      if (bytes > maxDrainBytes) {
        await reader.cancel()
        return
      }
    }
  } catch {
    // The body broke off (the connection dropped, the caller aborted): nothing is left to release.
  } finally {
    clearTimeout(timer)
    reader.releaseLock()
  }
}
