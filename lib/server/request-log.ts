import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import pino, { type DestinationStream, type Logger } from "pino";
import { pinoHttp, type HttpLogger } from "pino-http";

/**
 * Structured request logs for the server `npm start` runs (scripts/serve.ts): one JSON line per
 * request with its id, method, path, status and time, and nothing secret by construction — no
 * headers (cookies, authorization), no bodies, and query values replaced by "[redacted]" (an OIDC
 * callback's code, a token someone put in a URL). Each request gets an id, or keeps a well-formed
 * X-Request-Id from a proxy in front; the id is sent back in X-Request-Id and passed on to the app.
 */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The path with every query value redacted: "/cb?code=[redacted]&state=[redacted]". */
export function safePath(url: string | undefined): string {
  const raw = url ?? "/";
  const at = raw.indexOf("?");
  if (at === -1) return raw;
  const keys = raw
    .slice(at + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => `${pair.split("=")[0]}=[redacted]`);
  return `${raw.slice(0, at)}${keys.length ? `?${keys.join("&")}` : ""}`;
}

/** Static assets are many and tell nothing: logged at debug level only. */
const quiet = (path: string) => path.startsWith("/_next/static/") || path === "/favicon.ico";

/**
 * The health check's 503 while the first start's demo data loads: expected, so one info line. pino-http passes
 * its own "failed with status code" Error for any 5xx the app answered without throwing; a real error is not this.
 */
function notReadyYet(req: IncomingMessage, res: ServerResponse, error?: Error): boolean {
  return (
    res.statusCode === 503 &&
    safePath(req.url).startsWith("/api/health") &&
    (!error || error.message === `failed with status code ${res.statusCode}`)
  );
}

export function requestLogger(options: { level?: string; destination?: DestinationStream } = {}): HttpLogger {
  const level = options.level && (LOG_LEVELS as readonly string[]).includes(options.level) ? options.level : "info";
  const logger: Logger = pino({ level, base: { service: "gavel" }, timestamp: pino.stdTimeFunctions.isoTime }, options.destination);
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const given = req.headers["x-request-id"];
      const id = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
      req.headers["x-request-id"] = id;
      res.setHeader("x-request-id", id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        path: safePath(req.url),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel(req, res, error) {
      // "Not ready yet" from the health check (demo data still loading) is an expected state, not a server error.
      if (notReadyYet(req, res, error)) return "info";
      if (error || res.statusCode >= 500) return "error";
      if (quiet(safePath(req.url))) return "debug";
      return res.statusCode >= 400 ? "warn" : "info";
    },
    customSuccessMessage: (req, res, ms) => `${req.method} ${safePath(req.url)} ${res.statusCode} in ${Math.round(ms)} ms`,
    // pino-http attaches a made-up Error (with its stack) to every 5xx: not to the expected "not ready yet".
    customErrorObject: (req, res, error, value: Record<string, unknown>) => {
      if (!notReadyYet(req, res, error)) return value;
      const { err: _err, ...rest } = value;
      return rest;
    },
    customErrorMessage: (req, res, error, ms?: number) =>
      notReadyYet(req, res, error)
        ? `${req.method} ${safePath(req.url)} 503 in ${Math.round(ms ?? 0)} ms: not ready yet (the demo data is still loading)`
        : `${req.method} ${safePath(req.url)} ${res.statusCode}: ${error.message}`,
  });
}
