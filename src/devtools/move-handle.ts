/**
 * Makes `handle` move the panel: dragged with any pointer, or stepped with the arrow keys (10 px,
 * 50 px with Shift). `moveBy` takes the step in screen directions; `done` is told when a move
 * ends, so the place is saved once rather than on every pointer event.
 */
export function attachMoveHandle(
  handle: HTMLElement,
  moveBy: (dx: number, dy: number) => void,
  done: () => void,
) {
  handle.addEventListener('keydown', (event) => {
    const step = event.shiftKey ? 50 : 10
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const d = delta[event.key]
    if (d === undefined) return
    event.preventDefault()
    moveBy(...d)
    done()
  })
  handle.addEventListener('pointerdown', (event) => {
    handle.setPointerCapture(event.pointerId)
    let last = { x: event.clientX, y: event.clientY }
    const onMove = (e: PointerEvent) => {
      moveBy(e.clientX - last.x, e.clientY - last.y)
      last = { x: e.clientX, y: e.clientY }
    }
    const onUp = () => {
      handle.removeEventListener('pointermove', onMove)
      handle.removeEventListener('pointerup', onUp)
      done()
    }
    handle.addEventListener('pointermove', onMove)
    handle.addEventListener('pointerup', onUp)
  })
}
