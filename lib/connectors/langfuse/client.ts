/**
 * Langfuse's public API (https://langfuse.com/docs/api; the definition is web/public/generated/api/
 * openapi.yml in langfuse/langfuse): Basic auth with the project's public key as user name and its
 * secret key as password, page-numbered lists ({data, meta: {page, limit, totalItems, totalPages}}).
 * A 429 (or 503) is retried after the Retry-After the server sends, else after a doubling wait; any
 * other failure is an error naming the host, the path and the status. `fetch` and `sleep` are
 * injected so tests drive it against a mock and never wait for real.
 */
import { parseRetryAfter } from "../../providers/retry-after";

export type Json = Record<string, unknown>;

export interface LangfuseClientOptions {
  host: string;
  publicKey: string;
  secretKey: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Retries of one request on 429/503 before giving up (default 8). */
  maxRetries?: number;
  /** Told of every wait, so the CLI can say why it is pausing. */
  onWait?: (ms: number, why: string) => void;
}

export interface TracePage {
  data: Json[];
  meta: { page: number; limit: number; totalItems: number; totalPages: number };
}

export interface TraceQuery {
  page: number;
  limit: number;
  fromTimestamp?: string;
  toTimestamp?: string;
  tags?: readonly string[];
}

export class LangfuseApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "LangfuseApiError";
  }
}

const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = 60_000;

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  return parseRetryAfter(header, now);
}

/** A host as the user typed it, checked: http(s) only, no path, query or credentials. */
export function normaliseHost(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new LangfuseApiError(`--host "${raw}" is not a URL (expected e.g. https://cloud.langfuse.com)`, null);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new LangfuseApiError(`--host must be an http or https URL, not ${url.protocol}`, null);
  if (url.username || url.password)
    throw new LangfuseApiError("--host must not carry credentials: set LANGFUSE_PUBLIC_KEY and LANGFUSE_SECRET_KEY", null);
  if (url.search || url.hash) throw new LangfuseApiError("--host must not have a query or fragment", null);
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

export function createLangfuseClient(options: LangfuseClientOptions) {
  const host = normaliseHost(options.host);
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxRetries = options.maxRetries ?? 8;
  const authorization = `Basic ${Buffer.from(`${options.publicKey}:${options.secretKey}`).toString("base64")}`;

  async function get(path: string, query: Record<string, string | number | readonly string[] | undefined> = {}): Promise<unknown> {
    const url = new URL(`${host}${path}`);
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) url.searchParams.append(key, v);
      else url.searchParams.set(key, String(value));
    }
    const where = `${host}${path}`;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(url, { headers: { authorization, accept: "application/json" } });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error instanceof Error ? error.message : String(error));
        throw new LangfuseApiError(`cannot reach ${where}: ${cause}`, null);
      }
      if (response.status === 429 || response.status === 503) {
        await response.body?.cancel();
        if (attempt >= maxRetries)
          throw new LangfuseApiError(
            `${where} answered ${response.status} ${maxRetries + 1} times in a row; try again later`,
            response.status,
          );
        const wait = Math.min(
          retryAfterMs(response.headers.get("retry-after"), Date.now()) ?? FIRST_WAIT_MS * 2 ** attempt,
          LONGEST_WAIT_MS,
        );
        options.onWait?.(wait, `${response.status} from ${path}`);
        await sleep(wait);
        continue;
      }
      const text = await response.text();
      if (response.status === 401 || response.status === 403)
        throw new LangfuseApiError(
          `${where} refused the keys (${response.status}): check LANGFUSE_PUBLIC_KEY and LANGFUSE_SECRET_KEY belong to a project on this host`,
          response.status,
        );
      if (!response.ok) throw new LangfuseApiError(`${where} answered ${response.status}: ${text.slice(0, 200)}`, response.status);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new LangfuseApiError(
          `${where} answered ${response.status} with a body that is not JSON: ${text.slice(0, 120)}`,
          response.status,
        );
      }
    }
  }

  const isObj = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

  return {
    host,
    /** The project the keys belong to (GET /api/public/projects). */
    async project(): Promise<{ id: string; name: string }> {
      const body = await get("/api/public/projects");
      const first = isObj(body) && Array.isArray(body.data) ? body.data[0] : undefined;
      if (!isObj(first) || typeof first.id !== "string")
        throw new LangfuseApiError(`${host}/api/public/projects did not name a project: are these project-scoped keys?`, 200);
      return { id: first.id, name: typeof first.name === "string" ? first.name : first.id };
    },
    /** One page of traces, oldest first (GET /api/public/traces). */
    async traces(query: TraceQuery): Promise<TracePage> {
      const body = await get("/api/public/traces", {
        page: query.page,
        limit: query.limit,
        orderBy: "timestamp.asc",
        fromTimestamp: query.fromTimestamp,
        toTimestamp: query.toTimestamp,
        tags: query.tags?.length ? query.tags : undefined,
        // The list needs only who and when; each trace is then read whole.
        fields: "core",
      });
      const meta = isObj(body) && isObj(body.meta) ? body.meta : null;
      if (!isObj(body) || !Array.isArray(body.data) || !meta || typeof meta.totalPages !== "number")
        throw new LangfuseApiError(`${host}/api/public/traces answered without {data, meta.totalPages}`, 200);
      const data = body.data.filter(isObj);
      for (const t of data)
        if (typeof t.id !== "string" || typeof t.timestamp !== "string")
          throw new LangfuseApiError(`${host}/api/public/traces: a trace without an id or timestamp`, 200);
      return { data, meta: meta as TracePage["meta"] };
    },
    /** A trace with its observations and scores (GET /api/public/traces/{traceId}). */
    async trace(id: string): Promise<Json> {
      const body = await get(`/api/public/traces/${encodeURIComponent(id)}`);
      if (!isObj(body) || body.id !== id || !Array.isArray(body.observations) || !Array.isArray(body.scores))
        throw new LangfuseApiError(`${host}/api/public/traces/${id} answered without the trace's observations and scores`, 200);
      return body;
    },
  };
}

export type LangfuseClient = ReturnType<typeof createLangfuseClient>;
