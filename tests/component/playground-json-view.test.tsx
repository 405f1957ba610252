import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { JsonView } from '../../src/playground/components/json-view.tsx'

const order = {
  id: 1,
  status: 'paid',
  note: null,
  paid: true,
  _links: {
    self: { href: '/api/orders/1' },
    pay: { href: '/api/orders/1/payment', method: 'POST' },
  },
  items: Array.from({ length: 250 }, (_, i) => i),
}

describe('JsonView', () => {
  test('shows the JSON as text with its punctuation, folds and unfolds each container', async () => {
    const user = userEvent.setup()
    render(<JsonView value={order} label="Order 1" />)
    const tree = screen.getByRole('group', { name: 'Order 1' })
    expect(tree).toHaveTextContent('"status": "paid",')
    expect(tree).toHaveTextContent('"note": null,')
    expect(tree).toHaveTextContent('"href": "/api/orders/1"')
    // A long array draws 200 items and counts the rest.
    expect(tree).toHaveTextContent('… 50 more')

    const links = within(tree).getByRole('button', {
      name: 'Fold _links (2 keys)',
    })
    expect(links).toHaveAttribute('aria-expanded', 'true')
    await user.click(links)
    expect(tree).not.toHaveTextContent('/api/orders/1/payment')
    expect(tree).toHaveTextContent('"_links": {…2 keys},')
    await user.click(
      within(tree).getByRole('button', { name: 'Unfold _links (2 keys)' }),
    )
    expect(tree).toHaveTextContent('/api/orders/1/payment')
  })

  test('starts deep containers folded', () => {
    render(<JsonView value={{ a: { b: { c: { d: 1 } } } }} label="Deep" />)
    expect(
      screen.getByRole('button', { name: 'Unfold c (1 key)' }),
    ).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByRole('group', { name: 'Deep' })).not.toHaveTextContent(
      '"d"',
    )
  })

  test('copies the whole value as indented JSON', async () => {
    const user = userEvent.setup()
    render(<JsonView value={{ id: 1, _links: {} }} label="Small" />)
    await user.click(screen.getByRole('button', { name: 'Copy JSON' }))
    expect(await navigator.clipboard.readText()).toBe(
      JSON.stringify({ id: 1, _links: {} }, null, 2),
    )
    expect(screen.getByText('Copied.')).toBeVisible()
  })
})
