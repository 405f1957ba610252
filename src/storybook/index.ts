/**
 * `hypermock-api/storybook`: the Storybook addon. List it in `.storybook/main.ts`
 * (`addons: ['hypermock-api/storybook']`); Storybook then loads its preview part
 * (`hypermock-api/storybook/preview`: msw-storybook-addon's worker with the story's mock behind
 * it) and its manager part (`hypermock-api/storybook/manager`: the "hypermock" panel). Stories say
 * what their mock holds with `parameters.hypermock`, typed here.
 */
export type { HypermockParameters } from './parameters.ts'
export { PANEL_ID } from './channel.ts'
