import type { StateMachine } from '../../services/state-machines.ts'

export const BOX = { width: 110, height: 40 }
const COLUMN = 240
const ROW = 70
const MARGIN = { x: 10, y: 10 }
/** Room above the first row for a loop (a move back into the same state) and its label. */
const LOOP_ROOM = 30

export interface Placed {
  x: number
  y: number
}

export interface Edge {
  from: string
  to: string
  /** The relations that make this move (two actions may share it). */
  rels: string[]
}

/**
 * Places a lifecycle's states left to right by how many actions they are from the initial state;
 * states no action reaches (set by time or by a custom operation) sit under the initial one.
 */
export function layoutStates(machine: StateMachine) {
  const depth = new Map<string, number>()
  const start = machine.initial ?? machine.states[0]
  if (start !== undefined) depth.set(start, 0)
  const queue = start === undefined ? [] : [start]
  while (queue.length > 0) {
    const state = queue.shift()!
    for (const { from, to } of machine.transitions)
      if (from === state && !depth.has(to)) {
        depth.set(to, depth.get(state)! + 1)
        queue.push(to)
      }
  }
  for (const state of machine.states) if (!depth.has(state)) depth.set(state, 0)
  const columns: string[][] = []
  for (const state of machine.states)
    (columns[depth.get(state)!] ??= []).push(state)
  const tallest = Math.max(1, ...columns.map((column) => column?.length ?? 0))
  const top =
    MARGIN.y +
    (machine.transitions.some(({ from, to }) => from === to) ? LOOP_ROOM : 0)
  const positions = new Map<string, Placed>()
  columns.forEach((column, index) => {
    const offset = ((tallest - column.length) * ROW) / 2
    column.forEach((state, row) =>
      positions.set(state, {
        x: MARGIN.x + index * COLUMN,
        y: top + offset + row * ROW,
      }),
    )
  })
  const edges = new Map<string, Edge>()
  for (const { rel, from, to } of machine.transitions) {
    if (!positions.has(from) || !positions.has(to)) continue
    const key = `${from}→${to}`
    const edge = edges.get(key) ?? { from, to, rels: [] }
    edge.rels.push(rel)
    edges.set(key, edge)
  }
  return {
    positions,
    edges: [...edges.values()],
    width: MARGIN.x * 2 + (columns.length - 1) * COLUMN + BOX.width,
    height: top + tallest * ROW,
  }
}

/** Where the line from one box's centre to another's leaves the first box. */
export function boxExit(from: Placed, to: Placed) {
  const cx = from.x + BOX.width / 2
  const cy = from.y + BOX.height / 2
  const dx = to.x + BOX.width / 2 - cx
  const dy = to.y + BOX.height / 2 - cy
  const scale = Math.min(
    dx === 0 ? Infinity : BOX.width / 2 / Math.abs(dx),
    dy === 0 ? Infinity : BOX.height / 2 / Math.abs(dy),
  )
  return { x: cx + dx * scale, y: cy + dy * scale }
}
