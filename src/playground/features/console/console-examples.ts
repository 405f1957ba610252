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
    label: 'Create a payment',
    method: 'POST',
    path: '/api/payments',
    body: '{\n  "amount": 1999,\n  "currency": "eur"\n}',
  },
] as const
