import { afterEach, describe, expect, it } from "vitest";
import { createLangfuseClient, LangfuseApiError, normaliseHost, retryAfterMs } from "./client";
import { refundTraces } from "./mock-data";
import { startMockLangfuse, type MockLangfuse } from "./mock-langfuse";

const keys = { publicKey: "pk-lf-test", secretKey: "sk-lf-test" };
let mock: MockLangfuse | null = null;
afterEach(async () => {
  await mock?.close();
  mock = null;
});

describe("the Langfuse client against a mock of Langfuse's published API", () => {
  it("reads the project, pages through traces oldest first with Basic auth, and reads a trace whole", async () => {
    mock = await startMockLangfuse({ ...keys, traces: refundTraces(5, "2026-11-01T09:00:00.000Z") });
    const client = createLangfuseClient({ host: `${mock.url}/`, ...keys });
    expect(await client.project()).toEqual({ id: "clproj000000000000000001", name: "refund-agent" });
    const first = await client.traces({ page: 1, limit: 2, fromTimestamp: "2026-11-01T09:00:01.000Z", tags: ["prod"] });
    expect(first.data.map((t) => t.id)).toEqual(["lf-t-002", "lf-t-003"]);
    expect(first.meta).toEqual({ page: 1, limit: 2, totalItems: 4, totalPages: 2 });
    const trace = await client.trace("lf-t-002");
    expect(trace.observations).toHaveLength(1);
    expect(mock.requests.every((r) => r.status === 200)).toBe(true);
    expect(mock.requests[1]!.query.get("orderBy")).toBe("timestamp.asc");
  });

  it("waits as long as a 429's Retry-After says, then goes on", async () => {
    mock = await startMockLangfuse({ ...keys, traces: refundTraces(1, "2026-11-01T09:00:00.000Z") });
    const waits: number[] = [];
    const client = createLangfuseClient({ host: mock.url, ...keys, sleep: async (ms) => void waits.push(ms) });
    mock.throttle(2, "3");
    expect((await client.traces({ page: 1, limit: 10 })).data).toHaveLength(1);
    expect(waits).toEqual([3000, 3000]);
    expect(mock.requests.map((r) => r.status)).toEqual([429, 429, 200]);
  });

  it("without a Retry-After doubles its wait, and gives up after maxRetries with the status named", async () => {
    mock = await startMockLangfuse({ ...keys, traces: [] });
    const waits: number[] = [];
    const client = createLangfuseClient({ host: mock.url, ...keys, maxRetries: 3, sleep: async (ms) => void waits.push(ms) });
    mock.throttle(10, "");
    await expect(client.project()).rejects.toThrow(/answered 429 4 times in a row/);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it("says the keys were refused on a 401, and never retries it", async () => {
    mock = await startMockLangfuse({ ...keys, traces: [] });
    const client = createLangfuseClient({ host: mock.url, publicKey: "pk-lf-test", secretKey: "wrong" });
    const error = await client.project().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LangfuseApiError);
    expect((error as Error).message).toMatch(/refused the keys \(401\): check LANGFUSE_PUBLIC_KEY and LANGFUSE_SECRET_KEY/);
    expect(mock.requests).toHaveLength(1);
  });

  it("names the host and status of any other failure", async () => {
    mock = await startMockLangfuse({ ...keys, traces: [] });
    mock.failWhen(() => true);
    const client = createLangfuseClient({ host: mock.url, ...keys });
    await expect(client.traces({ page: 1, limit: 5 })).rejects.toThrow(`${mock.url}/api/public/traces answered 500`);
  });

  it("sends only what the definition declares: the mock answers 400 to anything else", async () => {
    mock = await startMockLangfuse({ ...keys, traces: [] });
    const res = await fetch(`${mock.url}/api/public/traces?cursor=abc`, {
      headers: { authorization: `Basic ${Buffer.from("pk-lf-test:sk-lf-test").toString("base64")}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'unknown query parameter "cursor"' });
  });

  it("refuses a mock trace that breaks Langfuse's schema (a score without its required fields)", async () => {
    const [trace] = refundTraces(1, "2026-11-01T09:00:00.000Z");
    mock = await startMockLangfuse({ ...keys, traces: [{ ...trace!, scores: [{ id: "s1", name: "quality", value: 1 }] }] });
    const client = createLangfuseClient({ host: mock.url, ...keys });
    await expect(client.trace(trace!.id)).rejects.toThrow(/answered 500: .*breaks Langfuse's schema/);
  });
});

describe("Retry-After and the host", () => {
  it("reads seconds and HTTP dates", () => {
    expect(retryAfterMs("7", 0)).toBe(7000);
    expect(retryAfterMs("Thu, 01 Jan 1970 00:00:10 GMT", 4000)).toBe(6000);
    expect(retryAfterMs("soon", 0)).toBeNull();
    expect(retryAfterMs(null, 0)).toBeNull();
  });

  it("takes an http(s) origin, refuses credentials in it and anything that is not a URL", () => {
    expect(normaliseHost("https://cloud.langfuse.com/")).toBe("https://cloud.langfuse.com");
    expect(() => normaliseHost("cloud.langfuse.com")).toThrow(/not a URL/);
    expect(() => normaliseHost("ftp://x.example")).toThrow(/http or https/);
    expect(() => normaliseHost("https://pk:sk@x.example")).toThrow(/must not carry credentials/);
  });
});
