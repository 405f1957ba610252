import { useEffect, type ReactNode } from 'react'
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Reading list</title>
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

// Once per page (StrictMode runs an effect twice in development).
let devtools: Promise<unknown> | undefined

export default function App() {
  // The devtools panel on the dev server's mock: the page's requests and the loaders'.
  useEffect(() => {
    if (import.meta.env.DEV)
      devtools ??= (async () => {
        const { connect } = await import('virtual:hypermock')
        const { mountDevtools } = await import('hypermock-api/devtools/lazy')
        return mountDevtools(await connect())
      })()
  }, [])
  return <Outlet />
}
