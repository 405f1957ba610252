import { isObject } from '../../../common/is-object.ts'
import { singularOf } from '../../../mock-server/declare/singular-of.ts'

/** Requests worth sending once: each shows one convention answering. */
export const consoleExamples = [
  {
    label: 'Create an order with three invalid fields (422)',
    method: 'POST',
    path: '/api/orders',
    body: '{\n  "total": -5,\n  "currency": "xyz",\n  "ammount": 12\n}',
  },
  {
    label: 'Send a broken JSON body (400)',
    method: 'POST',
    path: '/api/orders',
    body: '{ "total": 10, ',
  },
  {
    label: 'Read a failed transfer (422 insufficient funds)',
    method: 'GET',
    path: '/api/transfers/2',
    body: '',
  },
  {
    label: 'Ask for an unknown sort field and a bad page (400)',
    method: 'GET',
    path: '/api/orders?sort=colour&page=0',
    body: '',
  },
  {
    label: 'Cancel an order that is already cancelled (409)',
    method: 'POST',
    path: '/api/orders/3/cancel',
    body: '',
  },
  {
    label: 'Change a pending order’s note with a JSON Merge Patch (200)',
    method: 'PATCH',
    path: '/api/orders/1',
    body: '{\n  "note": "Leave it at the door"\n}',
  },
  {
    label: 'Create a payment',
    method: 'POST',
    path: '/api/payments',
    body: '{\n  "amount": 1999,\n  "currency": "eur"\n}',
  },
] as const

export interface ConsoleExample {
  readonly label: string
  readonly method: string
  readonly path: string
  readonly body: string
}

const withArticle = (noun: string) =>
  `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`

/**
 * What one item of a collection is called: the noun of its read's summary as the mock writes it
 * ("Read a loan"), else the collection's last segment made singular (`categories`: category).
 */
function itemNoun(paths: Record<string, unknown>, template: string) {
  const item = paths[`${template}/{id}`]
  const read = isObject(item) && isObject(item.get) ? item.get.summary : null
  const declared =
    typeof read === 'string' ? /^Read an? (.+)$/.exec(read)?.[1] : undefined
  if (declared) return declared
  return singularOf(template.split('/').at(-1) ?? template)
}

/**
 * The examples for the loaded API: the built-in domain's above, or, for a declared API, the same
 * conventions aimed at its own collections from the description it serves (an empty create, a
 * broken body, a bad sort and page, an unknown id).
 */
export function examplesFor(description: unknown): readonly ConsoleExample[] {
  const paths =
    isObject(description) && isObject(description.paths)
      ? description.paths
      : {}
  const templates = Object.keys(paths)
  if (templates.length === 0 || '/api/orders' in paths) return consoleExamples
  const collections = templates.filter(
    (template) =>
      !template.includes('{') &&
      !template.endsWith('/problems') &&
      templates.includes(`${template}/{id}`),
  )
  const creatable = collections.filter((template) => {
    const item = paths[template]
    return isObject(item) && 'post' in item
  })
  const one = (template: string) => withArticle(itemNoun(paths, template))
  return [
    ...creatable.map((template) => ({
      label: `Create ${one(template)} with an empty body (422, every field)`,
      method: 'POST',
      path: template,
      body: '{}',
    })),
    ...creatable.slice(0, 1).map((template) => ({
      label: 'Send a broken JSON body (400)',
      method: 'POST',
      path: template,
      body: '{ "id": 1, ',
    })),
    ...collections.slice(0, 1).map((template) => ({
      label: 'Ask for an unknown sort field and a bad page (400)',
      method: 'GET',
      path: `${template}?sort=colour&page=0`,
      body: '',
    })),
    ...collections.map((template) => ({
      label: `Read ${one(template)} that does not exist (404)`,
      method: 'GET',
      path: `${template}/999999`,
      body: '',
    })),
  ]
}
