import type { StateMachine } from '../../services/state-machines.ts'
import {
  BOX,
  boxExit,
  layoutStates,
  type Edge,
  type Placed,
} from './state-layout.ts'

/** The labels' size in the drawing's units (see styles.css), and the least they are drawn at. */
const LABEL_PX = 15
const LABEL_MIN_PX = 12

function Arrow({
  edge,
  from,
  to,
  shift,
  offered,
}: {
  edge: Edge
  from: Placed
  to: Placed
  /** Sideways, so that a move and its way back do not draw over each other. */
  shift: number
  offered: boolean
}) {
  const label = edge.rels.join(', ')
  const className = offered ? 'transition offered' : 'transition'
  if (edge.from === edge.to) {
    // A move back into the same state (a renewal): a loop over the box.
    const left = from.x + 30
    const right = from.x + BOX.width - 30
    return (
      <g className={className}>
        <path
          d={`M${left},${from.y} C${left},${from.y - 28} ${right},${from.y - 28} ${right},${from.y}`}
          fill="none"
        />
        <polygon
          points={`${right},${from.y} ${right - 5},${from.y - 9} ${right + 5},${from.y - 9}`}
        />
        <text x={from.x + BOX.width / 2} y={from.y - 27} textAnchor="middle">
          {label}
        </text>
      </g>
    )
  }
  const start = boxExit(from, to)
  const end = boxExit(to, from)
  const angle = Math.atan2(end.y - start.y, end.x - start.x)
  const [nx, ny] = [-Math.sin(angle) * shift, Math.cos(angle) * shift]
  const [x1, y1, x2, y2] = [start.x + nx, start.y + ny, end.x + nx, end.y + ny]
  const vertical = Math.abs(x2 - x1) < 1
  const head = (turn: number) =>
    `${x2 - 10 * Math.cos(angle + turn)},${y2 - 10 * Math.sin(angle + turn)}`
  return (
    <g className={className}>
      <line x1={x1} y1={y1} x2={x2} y2={y2} />
      <polygon points={`${x2},${y2} ${head(0.45)} ${head(-0.45)}`} />
      {/* Beside a vertical arrow, above any other: never across a box. */}
      <text
        x={(x1 + x2) / 2 + nx + (vertical ? 8 : 0)}
        y={(y1 + y2) / 2 + ny + (vertical ? 4 : -6)}
        textAnchor={vertical ? 'start' : 'middle'}
      >
        {label}
      </text>
    </g>
  )
}

/**
 * A resource's lifecycle as its description declares it, whatever the API: the current state
 * highlighted and the transitions its links offer drawn solid.
 */
export function StateDiagram({
  machine,
  status,
  offered,
}: {
  machine: StateMachine
  status: string
  /** The relations the resource offers now (from its `_links`). */
  offered: readonly string[]
}) {
  const { positions, edges, width, height } = layoutStates(machine)
  // In the order the resource's links offer them.
  const onOffer = offered.flatMap((rel) =>
    machine.transitions.filter((t) => t.rel === rel && t.from === status),
  )
  const offerText =
    onOffer.length === 0
      ? 'none'
      : onOffer.map(({ rel, to }) => `${rel} (to ${to})`).join(', ')
  const final = !machine.transitions.some(({ from }) => from === status)
  return (
    <figure className="state-diagram">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        // Never drawn larger than its own size, nor so small that its labels (15 units) fall below
        // 12 px: a narrow window scrolls the figure sideways instead.
        style={{
          maxWidth: width,
          minWidth: Math.round((width * LABEL_MIN_PX) / LABEL_PX),
        }}
        role="img"
        aria-label={`${machine.name} states: current state ${status}; transitions on offer: ${offerText}`}
      >
        {edges.map((edge) => (
          <Arrow
            key={`${edge.from}→${edge.to}`}
            edge={edge}
            from={positions.get(edge.from)!}
            to={positions.get(edge.to)!}
            shift={
              edges.some((e) => e.from === edge.to && e.to === edge.from)
                ? 6
                : 0
            }
            offered={
              edge.from === status &&
              edge.rels.some((rel) => offered.includes(rel))
            }
          />
        ))}
        {machine.states.map((state) => {
          const { x, y } = positions.get(state)!
          return (
            <g
              key={state}
              className={state === status ? 'state current' : 'state'}
            >
              <rect x={x} y={y} width={BOX.width} height={BOX.height} rx={8} />
              <text
                x={x + BOX.width / 2}
                y={y + BOX.height / 2 + 5}
                textAnchor="middle"
              >
                {state}
              </text>
            </g>
          )
        })}
      </svg>
      <figcaption>
        Current state: <strong>{status}</strong>. Transitions on offer:{' '}
        {offerText}
        {final && ' (a final state: its links offer no actions)'}.
      </figcaption>
    </figure>
  )
}
