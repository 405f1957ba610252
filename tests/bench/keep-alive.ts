import http from 'node:http'
import { syncBuiltinESMExports } from 'node:module'

/**
 * With `BENCH_KEEP_ALIVE=forever`, every HTTP server this process creates keeps an idle connection
 * open for ten minutes (Node closes one after 5 s by default). Under callgrind on a busy machine a
 * pause between two requests can pass 5 s (a collection, a compilation): the server then closed the
 * connection, the client opened another, and the count took in the new connection and the
 * deoptimisations its first requests bring, so it changed with the machine's load. The timer is
 * still armed on every request, as in a real server: only its length changes, not the work
 * counted. Imported first, before any server is created.
 */
if (process.env.BENCH_KEEP_ALIVE === 'forever') {
  const createServer = http.createServer
  http.createServer = ((...args: Parameters<typeof http.createServer>) => {
    const server = createServer(...args)
    server.keepAliveTimeout = 10 * 60_000
    return server
  }) as typeof http.createServer
  syncBuiltinESMExports()
}
