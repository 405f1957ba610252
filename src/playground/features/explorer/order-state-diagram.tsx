const states = {
  pending: { x: 10, y: 60 },
  paid: { x: 250, y: 10 },
  cancelled: { x: 250, y: 110 },
} as const
type State = keyof typeof states

const transitions = [
  { rel: 'pay', from: 'pending', to: 'paid' },
  { rel: 'cancel', from: 'pending', to: 'cancelled' },
] as const

const BOX = { width: 110, height: 40 }

export function isOrderState(value: unknown): value is State {
  return typeof value === 'string' && Object.hasOwn(states, value)
}

function Arrow({
  from,
  to,
  label,
  offered,
}: {
  from: State
  to: State
  label: string
  offered: boolean
}) {
  const x1 = states[from].x + BOX.width
  const y1 = states[from].y + BOX.height / 2
  const x2 = states[to].x
  const y2 = states[to].y + BOX.height / 2
  const angle = Math.atan2(y2 - y1, x2 - x1)
  const head = (turn: number) =>
    `${x2 - 10 * Math.cos(angle + turn)},${y2 - 10 * Math.sin(angle + turn)}`
  return (
    <g className={offered ? 'transition offered' : 'transition'}>
      <line x1={x1} y1={y1} x2={x2} y2={y2} />
      <polygon points={`${x2},${y2} ${head(0.45)} ${head(-0.45)}`} />
      <text x={(x1 + x2) / 2} y={(y1 + y2) / 2 - 8} textAnchor="middle">
        {label}
      </text>
    </g>
  )
}

/**
 * The order lifecycle (pending → paid via pay, pending → cancelled via cancel), with the order's
 * current state highlighted and the transitions its links offer drawn solid.
 */
export function OrderStateDiagram({
  status,
  offered,
}: {
  status: State
  /** The relations the order offers now (from its `_links`). */
  offered: readonly string[]
}) {
  const onOffer = transitions.filter(({ rel }) => offered.includes(rel))
  const offerText =
    onOffer.length === 0
      ? 'none'
      : onOffer.map(({ rel, to }) => `${rel} (to ${to})`).join(', ')
  return (
    <figure className="state-diagram">
      <svg
        viewBox="0 0 370 160"
        role="img"
        aria-label={`Order states: current state ${status}; transitions on offer: ${offerText}`}
      >
        {transitions.map(({ rel, from, to }) => (
          <Arrow
            key={rel}
            from={from}
            to={to}
            label={rel}
            offered={offered.includes(rel)}
          />
        ))}
        {(Object.keys(states) as State[]).map((state) => (
          <g
            key={state}
            className={state === status ? 'state current' : 'state'}
          >
            <rect
              x={states[state].x}
              y={states[state].y}
              width={BOX.width}
              height={BOX.height}
              rx={8}
            />
            <text
              x={states[state].x + BOX.width / 2}
              y={states[state].y + BOX.height / 2 + 5}
              textAnchor="middle"
            >
              {state}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>
        Current state: <strong>{status}</strong>. Transitions on offer:{' '}
        {offerText}
        {status !== 'pending' && ' (a final state: its links offer no actions)'}
        .
      </figcaption>
    </figure>
  )
}
