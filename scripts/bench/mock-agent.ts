/**
 * The benchmark's agent: an HTTP server speaking gavel.agent.v1 that answers every request with
 * "ok" after a fixed delay (default 20 ms). Prints its port on stdout, then serves until killed.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const latency = Number(process.argv[2] ?? 20);
const body = JSON.stringify({ output: "ok" });

const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    setTimeout(() => {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    }, latency);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
