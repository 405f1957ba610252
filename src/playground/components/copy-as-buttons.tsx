import { useState } from 'react'
import { asCurl, asFetch } from './copy-as.ts'
import type { OutgoingRequest } from './send-request.ts'

/**
 * "Copy as curl" and "Copy as fetch" for one request, with the outcome announced. `request` is
 * called on click, so the copy is of the request as it is then.
 */
export function CopyAsButtons({ request }: { request: () => OutgoingRequest }) {
  const [copied, setCopied] = useState('')
  const copy = (as: 'curl' | 'fetch') => {
    const text = (as === 'curl' ? asCurl : asFetch)(
      request(),
      window.location.origin,
    )
    navigator.clipboard.writeText(text).then(
      () => setCopied(`Copied as ${as}.`),
      () => setCopied(`Copying was refused by the browser: ${text}`),
    )
  }
  return (
    <>
      <button type="button" onClick={() => copy('curl')}>
        Copy as curl
      </button>
      <button type="button" onClick={() => copy('fetch')}>
        Copy as fetch
      </button>
      <span aria-live="polite" className="muted">
        {copied}
      </span>
    </>
  )
}
