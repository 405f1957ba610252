/**
 * A member of a collection by RFC 3986 resolution, never by pasting strings: `/orders` and
 * `/orders/` both give `/orders/7`, and an id is one path segment whatever it holds.
 */
export function childUrl(collection: URL, id: string | number): URL {
  const parent = new URL(collection.href)
  parent.search = ''
  parent.hash = ''
  if (!parent.pathname.endsWith('/')) parent.pathname += '/'
  return new URL(encodeURIComponent(String(id)), parent)
}

/** Another member next to an item: `/orders/1` and `/orders/1/` give `/orders/<id>`. */
export function siblingUrl(item: URL, id: string | number): URL {
  const self = new URL(item.href)
  self.search = ''
  self.hash = ''
  self.pathname = self.pathname.replace(/\/+$/, '')
  return new URL(encodeURIComponent(String(id)), self)
}
