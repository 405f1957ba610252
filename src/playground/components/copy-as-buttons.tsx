import { useId, useState } from 'react'
import { serverConnection } from '../boot/connect-server.ts'
import { asCurl, asFetch } from './copy-as.ts'
import type { OutgoingRequest } from './send-request.ts'

/** Where `npx hypermock-api serve` answers by default: the mock curl can reach. */
export const SERVE_ORIGIN = 'http://127.0.0.1:8787'

/**
 * "Copy as curl" and "Copy as fetch" for one request, with the outcome announced. `request` is
 * called on click, so the copy is of the request as it is then. On a page `hypermock-api serve
 * --playground` serves, the mock is that server: the curl is aimed at the page's own origin.
 * Otherwise the mock lives in this browser, out of curl's reach (curl would get the dev server's
 * index.html), so the curl is aimed at the standalone server, and the note says so with the
 * command that starts it. The note agrees with the Welcome banner: both read the same connection.
 */
export function CopyAsButtons({ request }: { request: () => OutgoingRequest }) {
  const id = useId()
  const [copied, setCopied] = useState('')
  const served = serverConnection() !== null
  const curlOrigin = served ? window.location.origin : SERVE_ORIGIN
  const copy = (as: 'curl' | 'fetch') => {
    const text =
      as === 'curl'
        ? asCurl(request(), curlOrigin)
        : asFetch(request(), window.location.origin)
    navigator.clipboard.writeText(text).then(
      () =>
        setCopied(
          as === 'curl'
            ? `Copied as curl, aimed at ${curlOrigin}.`
            : 'Copied as fetch.',
        ),
      () => setCopied(`Copying was refused by the browser: ${text}`),
    )
  }
  return (
    <>
      <button type="button" onClick={() => copy('curl')} aria-describedby={id}>
        Copy as curl
      </button>
      <button type="button" onClick={() => copy('fetch')}>
        Copy as fetch
      </button>
      <span aria-live="polite" className="muted">
        {copied}
      </span>
      {served ? (
        <p id={id} className="copy-note">
          curl reaches this mock: the server that serves this page answers the
          copied curl at <code>{curlOrigin}</code>, with the data you see here.
          Copy as fetch runs here, in the page&apos;s console.
        </p>
      ) : (
        <p id={id} className="copy-note">
          curl cannot reach this mock: it runs inside the browser tab. The
          copied curl goes to <code>{SERVE_ORIGIN}</code>, where{' '}
          <code>npx hypermock-api serve</code> runs the same API (with its own
          data: export this tab&apos;s from Data and send its <code>state</code>{' '}
          to <code>PUT /__mock/state</code>). Copy as fetch runs here, in the
          page&apos;s console.
        </p>
      )}
    </>
  )
}
