import { afterEach, describe, expect, inject, it } from "vitest";
import { databaseProvider } from "@/lib/database-url";
import { withTestDatabase } from "@/lib/testing/test-database";
import { sharedRateLimits, type SharedLimits, type WaitReason } from "./rate-limits";

// Two SharedLimits stand for two workers: each has its own connection pool, so only PostgreSQL links them.
const onPostgres = databaseProvider(inject("baseDatabaseUrl")) === "postgres";

describe.skipIf(!onPostgres)("rate limits shared through PostgreSQL", () => {
  const database = withTestDatabase();
  const opened: SharedLimits[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((l) => l.close().catch(() => undefined)));
  });

  /** A worker's limits; `waits` records why its acquisitions waited, and may abort them. */
  function worker(name: string, leaseSeconds?: number) {
    const waits: { reason: WaitReason; ms: number }[] = [];
    let onWait: ((reason: WaitReason) => void) | null = null;
    const limits = sharedRateLimits(database.url(), {
      holder: name,
      leaseSeconds,
      onWait: (_key, reason, ms) => {
        waits.push({ reason, ms });
        onWait?.(reason);
      },
    });
    opened.push(limits);
    return { limits, waits, whenWaiting: (f: (reason: WaitReason) => void) => (onWait = f) };
  }
  const never = new AbortController().signal;

  it("concurrent requests: a second worker waits for a slot the first holds, and gets it when released", async () => {
    const a = worker("a");
    const b = worker("b");
    const limitsA = a.limits.limiter("http:test-concurrency", { concurrentRequests: 2 });
    const limitsB = b.limits.limiter("http:test-concurrency", { concurrentRequests: 2 });
    const first = await limitsA.acquire(never);
    await limitsA.acquire(never);
    let got = false;
    const waiting = new Promise<void>((resolve) => b.whenWaiting(() => resolve()));
    const third = limitsB.acquire(never).then((permit) => ((got = true), permit));
    await waiting;
    expect(got).toBe(false);
    expect(b.waits[0]!.reason).toBe("concurrency");
    await first.release();
    await (await third).release();
    expect(got).toBe(true);
  });

  it("a killed worker's slot frees itself when its lease runs out", async () => {
    const lease = 5;
    const dead = worker("dead", lease);
    const alive = worker("alive");
    // Connections and tables first, so that only the lease is timed below (a cold pool under load
    // once took longer than a 1 s lease, and the slot was free before anyone asked for it).
    for (const w of [dead, alive])
      await (await w.limits.limiter("http:test-lease-warm", { concurrentRequests: 1 }).acquire(never)).release();
    const deadLimiter = dead.limits.limiter("http:test-lease", { concurrentRequests: 1 });
    const aliveLimiter = alive.limits.limiter("http:test-lease", { concurrentRequests: 1 });
    const start = Date.now();
    await deadLimiter.acquire(never);
    await dead.limits.close(); // no release, no renewal: as if the process were killed
    // Held: another worker asking now is told to wait for a slot.
    const probe = new AbortController();
    alive.whenWaiting((reason) => probe.abort(new Error(`waited: ${reason}`)));
    await expect(aliveLimiter.acquire(probe.signal)).rejects.toThrow("waited: concurrency");
    alive.whenWaiting(() => undefined);
    // Freed by the lease alone: the same request, polling, gets it before a generous deadline.
    const deadline = AbortSignal.timeout((lease + 30) * 1000);
    const permit = await aliveLimiter.acquire(deadline);
    // Not before the lease ran out (it started after `start`; both clocks are this machine's).
    expect(Date.now() - start).toBeGreaterThanOrEqual(lease * 1000 - 50);
    await permit.release();
  }, 60_000);

  it("requests per minute are counted across workers: the one over the budget waits for the next minute", async () => {
    const a = worker("a");
    const b = worker("b");
    const limitsA = a.limits.limiter("openai:test#rpm", { requestsPerMinute: 3 });
    const limitsB = b.limits.limiter("openai:test#rpm", { requestsPerMinute: 3 });
    for (const permit of [await limitsA.acquire(never), await limitsA.acquire(never), await limitsB.acquire(never)]) await permit.release();
    const stop = new AbortController();
    b.whenWaiting(() => stop.abort(new Error("gave up waiting")));
    await expect(limitsB.acquire(stop.signal)).rejects.toThrow("gave up waiting");
    expect(b.waits).toHaveLength(1);
    expect(b.waits[0]!.reason).toBe("requests-per-minute");
    expect(b.waits[0]!.ms).toBeGreaterThan(50_000);
  });

  it("a 429 seen by one worker pauses every worker for its Retry-After", async () => {
    const a = worker("a");
    const b = worker("b");
    const permit = await a.limits.limiter("http:test-429", { concurrentRequests: 4 }).acquire(never);
    await permit.release({ rateLimited: true, retryAfterMs: 30_000 });
    const stop = new AbortController();
    b.whenWaiting(() => stop.abort(new Error("gave up waiting")));
    await expect(b.limits.limiter("http:test-429", { concurrentRequests: 4 }).acquire(stop.signal)).rejects.toThrow("gave up waiting");
    expect(b.waits[0]!.reason).toBe("paused");
    expect(b.waits[0]!.ms).toBeGreaterThan(25_000);
    // The slot it held while waiting went back: another limit on the key is not left short.
    const c = worker("c");
    const stopC = new AbortController();
    c.whenWaiting((reason) => stopC.abort(new Error(reason)));
    await expect(c.limits.limiter("http:test-429", { concurrentRequests: 1 }).acquire(stopC.signal)).rejects.toThrow("paused");
  });
});
