import { render, screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { readProblem, type Problem } from '../../src/client/index.ts'
import { createMockApi } from '../../src/index.ts'
import { ProblemCard } from '../../src/playground/components/problem-card.tsx'

const api = createMockApi()

/** A problem as the mock really answers it. */
async function problemOf(method: string, path: string, body?: unknown) {
  const response = await api.fetch(
    new Request(`http://hypermock.test${path}`, {
      method,
      headers: {
        Authorization: 'Bearer customer-1-token',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  )
  const problem = await readProblem(response)
  if (!problem) throw new Error(`${method} ${path} gave no problem`)
  return { problem, status: response.status }
}

function definitionOf(list: HTMLElement, term: string) {
  const dt = within(list).getByText(term, { selector: 'dt, dt *' })
  return dt.closest('dt')!.nextElementSibling as HTMLElement
}

describe('ProblemCard', () => {
  test('lists every validation error by field, with its message and pointer', async () => {
    const { problem, status } = await problemOf('POST', '/api/orders', {
      total: -5,
      currency: 'xyz',
      ammount: 12,
    })
    render(<ProblemCard problem={problem} status={status} />)
    expect(
      screen.getByRole('heading', { name: '422 Validation failed' }),
    ).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Errors by field' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(
      rows.map((row) => [
        within(row).getByRole('rowheader').textContent,
        ...within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ]),
    ).toEqual([
      ['total', expect.stringMatching(/.+/), '#/total'],
      ['currency', expect.stringMatching(/.+/), '#/currency'],
      ['ammount', expect.stringMatching(/.+/), '#/ammount'],
    ])
    expect(screen.getByText(problem.detail!)).toBeInTheDocument()
  })

  test('names the parameter of each invalid-query error', async () => {
    const { problem } = await problemOf(
      'GET',
      '/api/orders?sort=colour&shape=round',
    )
    render(<ProblemCard problem={problem} />)
    const table = screen.getByRole('table', { name: 'Errors by parameter' })
    expect(
      within(table).getByRole('columnheader', { name: 'Parameter' }),
    ).toBeInTheDocument()
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['sort', 'shape']))
  })

  test('shows the insufficient-funds extension members in a definition list', async () => {
    const { problem, status } = await problemOf('GET', '/api/transfers/2')
    render(<ProblemCard problem={problem} status={status} />)
    expect(
      screen.getByRole('heading', { name: '422 Insufficient funds' }),
    ).toBeInTheDocument()
    const extensions = screen.getByRole('region', { name: 'Extension members' })
    expect(definitionOf(extensions, 'balance')).toHaveTextContent('500')
    expect(definitionOf(extensions, 'requested')).toHaveTextContent('1000')
    expect(screen.getByText('/api/transfers/2')).toBeInTheDocument()
  })

  test('links the type to its documentation page, in a new tab', async () => {
    const { problem } = await problemOf('GET', '/api/transfers/2')
    render(<ProblemCard problem={problem} />)
    const link = screen.getByRole('link', {
      name: /\/api\/problems\/insufficient-funds/,
    })
    expect(link).toHaveAttribute('href', '/api/problems/insufficient-funds')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAccessibleName(/opens in a new tab/)
  })

  test('shows state-conflict members and lists as readable text', async () => {
    const { problem, status } = await problemOf('POST', '/api/orders/3/cancel')
    render(<ProblemCard problem={problem} status={status} />)
    const extensions = screen.getByRole('region', { name: 'Extension members' })
    expect(definitionOf(extensions, 'currentStatus')).toHaveTextContent(
      'cancelled',
    )
    expect(definitionOf(extensions, 'allowedActions')).toHaveTextContent(
      '(none)',
    )
  })

  test('does not link about:blank, and keeps the HTTP status when the document disagrees', () => {
    const problem: Problem = { type: 'about:blank', status: 400, title: 'Odd' }
    render(<ProblemCard problem={problem} status={418} />)
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: '418 Odd' })).toBeInTheDocument()
    expect(screen.getByText('Status in the document')).toBeInTheDocument()
  })
})
