import type { ApiDeclaration, RouteDeclaration } from './types.ts'

/** The routes a declaration writes itself: `routes`, then those still given as `operations`. */
export function declaredRoutesOf(
  declaration: Pick<ApiDeclaration, 'routes' | 'operations'>,
): readonly RouteDeclaration[] {
  const { routes = [], operations = [] } = declaration
  return operations.length === 0 ? routes : [...routes, ...operations]
}
