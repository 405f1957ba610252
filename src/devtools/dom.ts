type Child = Node | string | null | false | undefined
type Attributes = Record<
  string,
  string | number | boolean | undefined | ((event: Event) => void)
>

/**
 * A tiny element builder: the panel is plain DOM, so it carries no framework into the user's app.
 * `on*` functions become listeners; `true` sets a bare attribute, `false`/undefined leaves it out.
 */
export function h(
  tag: string,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElement {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function')
      element.addEventListener(name.slice(2), value)
    else if (value === true) element.setAttribute(name, '')
    else if (value !== false && value !== undefined)
      element.setAttribute(name, String(value))
  }
  for (const child of children)
    if (child !== null && child !== false && child !== undefined)
      element.append(child)
  return element
}
