import { useEffect, useRef, useState, type ReactNode } from 'react'

export interface ScrollBoxProps {
  /** Names the region for assistive technology when it scrolls (it then takes keyboard focus). */
  label?: string
  className?: string
  children: ReactNode
}

/**
 * A box that scrolls sideways when its table is wider than the window, and says so: a line above
 * it and a fade at its right edge appear only while some of it is out of view.
 */
export function ScrollBox({
  label,
  className = 'table-scroll',
  children,
}: ScrollBoxProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [hidden, setHidden] = useState({ left: false, right: false })
  useEffect(() => {
    const box = ref.current
    if (!box) return
    const measure = () => {
      const left = box.scrollLeft > 1
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1
      setHidden((current) =>
        current.left === left && current.right === right
          ? current
          : { left, right },
      )
    }
    measure()
    box.addEventListener('scroll', measure, { passive: true })
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(measure)
    observer?.observe(box)
    if (box.firstElementChild) observer?.observe(box.firstElementChild)
    return () => {
      box.removeEventListener('scroll', measure)
      observer?.disconnect()
    }
  }, [])
  const overflows = hidden.left || hidden.right
  return (
    <div
      className={`scroll-box${hidden.left ? ' scroll-left' : ''}${hidden.right ? ' scroll-right' : ''}`}
    >
      {overflows && (
        <p className="scroll-hint" aria-hidden="true">
          {hidden.left ? '← ' : ''}scrolls sideways{hidden.right ? ' →' : ''}
        </p>
      )}
      <div
        ref={ref}
        className={className}
        {...(label !== undefined && {
          role: 'region',
          'aria-label': label,
          tabIndex: 0,
        })}
      >
        {children}
      </div>
    </div>
  )
}
