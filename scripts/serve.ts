/**
 * The HTTP server `npm start` runs once migrations are applied (scripts/start.ts): Next's request
 * handler behind structured request logs (lib/server/request-log.ts). A custom server rather than
 * `next start` because only here does every request's status and time meet its id. Started without
 * the react-server condition start.ts runs under, which would break Next's own rendering.
 */
import { createServer } from "node:http";
import next from "next";
import { CLIENT_ADDRESS_HEADER, clientAddressOf, trustedProxies } from "../lib/server/client-address";
import { requestLogger } from "../lib/server/request-log";

const port = Number(process.env.PORT ?? 3000);
const log = requestLogger({ level: process.env.GAVEL_LOG_LEVEL });
const app = next({ dev: false, port });
await app.prepare();
const handle = app.getRequestHandler();
// Read once: a bad GAVEL_TRUSTED_PROXIES stops the start with a message naming it.
const trusted = trustedProxies(process.env.GAVEL_TRUSTED_PROXIES);

const server = createServer((req, res) => {
  log(req, res);
  // The client address per-address limits use; a client-sent copy of the header is overwritten.
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req.socket.remoteAddress, req.headers["x-forwarded-for"], trusted);
  void handle(req, res);
});
server.listen(port, () => log.logger.info({ port }, `ready on http://localhost:${port}`));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log.logger.info({ signal }, "shutting down");
    server.close(() => process.exit(0));
    // Keep-alive connections may hold close() open: do not wait for them forever.
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
