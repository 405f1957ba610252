export {
  startServer,
  type RunningServer,
  type ServerOptions,
} from './start-server.ts'
