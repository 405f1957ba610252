import type {
  FaultRule,
  FaultRuleInput,
} from '../mock-server/faults/fault-rule.ts'
import type { PanelSource } from './devtools-options.ts'
import { h } from './dom.ts'

/** The effects the panel offers, the common failures a client must survive. */
const effects: { label: string; effect: FaultRuleInput['effect'] }[] = [
  { label: '503 Service Unavailable', effect: { kind: 'status', status: 503 } },
  {
    label: '429 Too Many Requests, Retry-After 2 s',
    effect: { kind: 'status', status: 429, retryAfter: 2 },
  },
  {
    label: '500 Internal Server Error',
    effect: { kind: 'status', status: 500 },
  },
  { label: 'Network error', effect: { kind: 'network-error' } },
  { label: 'Delay 1500 ms', effect: { kind: 'delay', ms: 1500 } },
]

const methods = ['', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/**
 * A form that adds a fault rule to the mock (method, path pattern, effect, how many times) and a
 * button that clears them all. Built once: the panel re-renders the list of rules below it, never
 * the form, so what the user is typing stays. A rule the mock refuses is said in an alert.
 */
export function faultForm(source: PanelSource): HTMLElement {
  const method = h(
    'select',
    { name: 'method', 'aria-label': 'Method' },
    ...methods.map((m) => h('option', { value: m }, m || 'any method')),
  ) as HTMLSelectElement
  const path = h('input', {
    name: 'path',
    'aria-label': 'Path',
    placeholder: 'path, * for any (empty: every path)',
    autocomplete: 'off',
  }) as HTMLInputElement
  const effect = h(
    'select',
    { name: 'effect', 'aria-label': 'Effect' },
    ...effects.map((e, i) => h('option', { value: String(i) }, e.label)),
  ) as HTMLSelectElement
  const times = h('input', {
    name: 'times',
    'aria-label': 'Times',
    type: 'number',
    min: '1',
    placeholder: 'times (empty: every time)',
  }) as HTMLInputElement
  // A live region without role="status": the app's own getByRole('status') must find only its own
  // (Playwright's role queries reach into an open shadow root).
  const status = h('p', {
    class: 'form-status',
    'aria-live': 'polite',
    'aria-atomic': 'true',
  })
  const add = h('button', { type: 'submit' }, 'Add fault')
  const clear = h(
    'button',
    {
      type: 'button',
      onclick: () => {
        source.faults.clear()
        status.textContent = 'Cleared every fault rule.'
      },
    },
    'Clear faults',
  )
  const form = h(
    'form',
    {
      class: 'fault-form',
      'aria-label': 'Add a fault',
      onsubmit: (event: Event) => {
        event.preventDefault()
        const rule: FaultRuleInput = {
          match: {
            ...(method.value && { method: method.value }),
            ...(path.value.trim() && { path: path.value.trim() }),
          },
          effect: effects[Number(effect.value)]!.effect,
          ...(times.value !== '' && { times: Number(times.value) }),
        }
        const added = (rule: FaultRule) => {
          status.setAttribute('aria-live', 'polite')
          status.textContent = `Added ${rule.id}.`
        }
        const refused = (error: unknown) => {
          status.setAttribute('aria-live', 'assertive')
          status.textContent =
            error instanceof Error ? error.message : String(error)
        }
        try {
          // A mock in another frame (the Storybook panel's) answers by message.
          const result = source.faults.add(rule)
          if (result instanceof Promise) result.then(added, refused)
          else added(result)
        } catch (error) {
          refused(error)
        }
      },
    },
    method,
    path,
    effect,
    times,
    add,
    clear,
    status,
  )
  return form
}
