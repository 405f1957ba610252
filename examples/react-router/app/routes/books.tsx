import { useRevalidator } from 'react-router'
import { enableMock } from '../mock.server.ts'
import type { Route } from './+types/books'

interface Book {
  id: number
  title: string
  read: boolean
}

/** Runs on the server, in `react-router dev` against the mock: the same rows the page writes. */
export async function loader({ request }: Route.LoaderArgs) {
  await enableMock()
  const response = await fetch(new URL('/api/books', request.url))
  if (!response.ok)
    throw new Response(`The API answered ${response.status}.`, {
      status: 502,
    })
  const { items } = (await response.json()) as { items: Book[] }
  return { books: items }
}

export default function Books({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator()
  async function add(form: FormData) {
    // From the page: the browser's own request, to the dev server's mock.
    await fetch('/api/books', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: String(form.get('title')), read: false }),
    })
    await revalidate()
  }
  return (
    <main>
      <h1>Reading list</h1>
      <ul aria-label="Books">
        {loaderData.books.map((book) => (
          <li key={book.id}>{book.title}</li>
        ))}
      </ul>
      <form action={add}>
        <label>
          Title <input name="title" required />
        </label>
        <button type="submit">Add the book</button>
      </form>
    </main>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail =
    error instanceof Response || (error as { data?: unknown })?.data
      ? String((error as { data?: unknown }).data)
      : String(error)
  return (
    <main>
      <h1>Reading list</h1>
      <p role="alert">Could not load the books. {detail}</p>
    </main>
  )
}
