import { useState, type ReactNode } from 'react'

/** Items of one array or object drawn at most; the rest are counted (a 100,000-row body stays cheap). */
const MAX_ITEMS = 200
/** Containers deeper than this start folded. */
const OPEN_DEPTH = 3

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

function Scalar({ value }: { value: Json }) {
  if (value === null) return <span className="jv-null">null</span>
  if (typeof value === 'string')
    return <span className="jv-string">{JSON.stringify(value)}</span>
  if (typeof value === 'number')
    return <span className="jv-number">{String(value)}</span>
  return <span className="jv-boolean">{String(value)}</span>
}

interface NodeProps {
  name: string | null
  value: Json
  depth: number
  comma: boolean
}

function Key({ name }: { name: string | null }) {
  if (name === null) return null
  return (
    <>
      <span className="jv-key">{JSON.stringify(name)}</span>:{' '}
    </>
  )
}

function Node({ name, value, depth, comma }: NodeProps) {
  const [open, setOpen] = useState(depth < OPEN_DEPTH)
  const tail = comma ? ',' : ''
  if (value === null || typeof value !== 'object')
    return (
      <div className="jv-line">
        <Key name={name} />
        <Scalar value={value} />
        {tail}
      </div>
    )
  const isArray = Array.isArray(value)
  const entries: [string | null, Json][] = isArray
    ? value.map((item) => [null, item])
    : Object.entries(value)
  const [start, end] = isArray ? ['[', ']'] : ['{', '}']
  const size = `${entries.length} ${isArray ? 'item' : 'key'}${entries.length === 1 ? '' : 's'}`
  if (entries.length === 0)
    return (
      <div className="jv-line">
        <Key name={name} />
        {start}
        {end}
        {tail}
      </div>
    )
  const shown = entries.slice(0, MAX_ITEMS)
  const what = name === null ? (isArray ? 'array' : 'object') : name
  let children: ReactNode = null
  if (open)
    children = (
      <div className="jv-children">
        {shown.map(([key, item], index) => (
          <Node
            key={key ?? index}
            name={key}
            value={item}
            depth={depth + 1}
            comma={index < entries.length - 1}
          />
        ))}
        {entries.length > shown.length && (
          <div className="jv-line jv-more">
            … {entries.length - shown.length} more
          </div>
        )}
      </div>
    )
  return (
    <div className="jv-node">
      <div className="jv-line">
        <button
          type="button"
          className="jv-toggle"
          aria-expanded={open}
          aria-label={`${open ? 'Fold' : 'Unfold'} ${what} (${size})`}
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
        <Key name={name} />
        {start}
        {!open && (
          <>
            <span className="jv-summary">…{size}</span>
            {end}
            {tail}
          </>
        )}
      </div>
      {children}
      {open && (
        <div className="jv-line">
          {end}
          {tail}
        </div>
      )}
    </div>
  )
}

/**
 * A JSON value as DevTools' preview draws it: highlighted, each object and array foldable with a
 * button (deep ones start folded), and a Copy button for the whole text. Hand-written rather than a
 * dependency: the playground's JavaScript has a budget, and this is all it needs.
 */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  const [copied, setCopied] = useState('')
  const text = JSON.stringify(value, null, 2)
  return (
    <div className="json-view">
      <div className="jv-bar">
        <button
          type="button"
          onClick={() =>
            navigator.clipboard.writeText(text).then(
              () => setCopied('Copied.'),
              () => setCopied('Copying was refused by the browser.'),
            )
          }
        >
          Copy JSON
        </button>
        <span aria-live="polite" className="muted">
          {copied}
        </span>
      </div>
      <div className="jv-tree" role="group" aria-label={label} tabIndex={0}>
        <Node name={null} value={value as Json} depth={0} comma={false} />
      </div>
    </div>
  )
}
