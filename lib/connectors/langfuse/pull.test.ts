import { afterEach, describe, expect, it } from "vitest";
import { createLangfuseClient, type Json } from "./client";
import { advance, readCursor, startingPoint, type LangfuseCursor } from "./cursor";
import { refundTraces } from "./mock-data";
import { startMockLangfuse, type MockLangfuse } from "./mock-langfuse";
import { pullLangfuse } from "./pull";

const keys = { publicKey: "pk-lf-test", secretKey: "sk-lf-test" };
let mock: MockLangfuse | null = null;
afterEach(async () => {
  await mock?.close();
  mock = null;
});

function memory() {
  const saved: string[] = [];
  let cursor: LangfuseCursor | null = null;
  return {
    saved,
    get cursor() {
      return cursor;
    },
    deps: (client: ReturnType<typeof createLangfuseClient>) => ({
      client,
      loadCursor: async () => cursor,
      saveCursor: async (c: LangfuseCursor) => void (cursor = c),
      saveTraces: async (traces: Json[]) => void saved.push(...traces.map((t) => t.id as string)),
      log: () => {},
    }),
  };
}

const since = new Date("2026-11-01T00:00:00Z");

describe("pulling Langfuse traces", () => {
  it("pages through every trace, reads each whole once, and a second pull reads none again", async () => {
    mock = await startMockLangfuse({ ...keys, traces: refundTraces(7, "2026-11-01T09:00:00.000Z") });
    const client = createLangfuseClient({ host: mock.url, ...keys });
    const store = memory();
    const first = await pullLangfuse({ since, tags: [], pageSize: 3 }, store.deps(client));
    expect(first).toMatchObject({ pages: 3, listed: 7, read: 7, alreadyPulled: 0, resumed: false });
    expect(store.saved).toEqual(refundTraces(7, "2026-11-01T09:00:00.000Z").map((t) => t.id));
    expect(store.cursor).toEqual({ version: 1, timestamp: "2026-11-01T09:00:06.000Z", ids: ["lf-t-007"], tags: [] });
    const second = await pullLangfuse({ since, tags: [], pageSize: 3 }, store.deps(client));
    expect(second).toMatchObject({ resumed: true, listed: 1, read: 0, alreadyPulled: 1, from: "2026-11-01T09:00:06.000Z" });
    expect(store.saved).toHaveLength(7);
    expect(mock.requests.filter((r) => r.path.startsWith("/api/public/traces/"))).toHaveLength(7);
  });

  it("cut short by a failure, keeps its place at the last page written and resumes there", async () => {
    mock = await startMockLangfuse({ ...keys, traces: refundTraces(6, "2026-11-01T09:00:00.000Z") });
    const client = createLangfuseClient({ host: mock.url, ...keys });
    const store = memory();
    mock.failWhen((path, query) => path === "/api/public/traces" && query.get("page") === "2");
    await expect(pullLangfuse({ since, tags: [], pageSize: 2 }, store.deps(client))).rejects.toThrow(/answered 500/);
    expect(store.saved).toEqual(["lf-t-001", "lf-t-002"]);
    expect(store.cursor?.timestamp).toBe("2026-11-01T09:00:01.000Z");
    mock.failWhen(null);
    const resumed = await pullLangfuse({ since, tags: [], pageSize: 2 }, store.deps(client));
    expect(resumed).toMatchObject({ resumed: true, alreadyPulled: 1, read: 4 });
    expect(store.saved).toEqual(["lf-t-001", "lf-t-002", "lf-t-003", "lf-t-004", "lf-t-005", "lf-t-006"]);
  });

  it("passes --until and --tags to Langfuse, and a pull with other tags does not resume the first's place", async () => {
    const traces = [
      ...refundTraces(3, "2026-11-01T09:00:00.000Z", "a", ["prod"]),
      ...refundTraces(3, "2026-11-02T09:00:00.000Z", "b", ["dev"]),
    ];
    mock = await startMockLangfuse({ ...keys, traces });
    const client = createLangfuseClient({ host: mock.url, ...keys });
    const store = memory();
    await pullLangfuse({ since, until: new Date("2026-11-01T09:00:02Z"), tags: ["prod"], pageSize: 10 }, store.deps(client));
    expect(store.saved).toEqual(["lf-a-001", "lf-a-002"]);
    await pullLangfuse({ since, tags: ["dev"], pageSize: 10 }, store.deps(client));
    expect(store.saved).toEqual(["lf-a-001", "lf-a-002", "lf-b-001", "lf-b-002", "lf-b-003"]);
    expect(mock.requests.find((r) => r.path === "/api/public/traces")!.query.get("toTimestamp")).toBe("2026-11-01T09:00:02.000Z");
  });
});

describe("the cursor", () => {
  const at = "2026-11-01T09:00:00.000Z";
  it("keeps every id that shares the newest timestamp, so none of them is lost or read twice", () => {
    const c = advance(
      null,
      [
        { id: "a", timestamp: at },
        { id: "b", timestamp: at },
      ],
      [],
    );
    expect(c).toEqual({ version: 1, timestamp: at, ids: ["a", "b"], tags: [] });
    expect(startingPoint(since, [], c)).toMatchObject({ from: at, resumed: true, skip: new Set(["a", "b"]) });
  });
  it("starts at --since when it is later than the stored place, and ignores what is not a cursor", () => {
    const c = advance(null, [{ id: "a", timestamp: at }], []);
    expect(startingPoint(new Date("2026-12-01T00:00:00Z"), [], c)).toMatchObject({ from: "2026-12-01T00:00:00.000Z", resumed: false });
    expect(readCursor({ version: 2 })).toBeNull();
    expect(readCursor(null)).toBeNull();
  });
});
