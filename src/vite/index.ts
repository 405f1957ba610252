export {
  hypermock,
  hypermockDevServer,
  type HypermockPluginOptions,
} from './plugin.ts'
