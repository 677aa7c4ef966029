import "server-only";
import { createHash, randomUUID } from "node:crypto";
import pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { RateLimits, RequestLimiter, RequestPermit } from "../engine/agents/limiter";

/**
 * Rate limits shared by every worker through PostgreSQL (docs/distributed.md, "Shared rate limits"),
 * in a schema of their own that the first worker creates, as pg-boss does with `pgboss`:
 *
 * - requests per minute: rate-limiter-flexible's PostgreSQL store (fixed one-minute windows per key);
 * - concurrent requests: one row per slot of a key, taken with FOR UPDATE SKIP LOCKED and held on a
 *   lease the holder renews while its request runs, so the slots of a killed worker free themselves
 *   when their lease runs out;
 * - a 429 from the endpoint: a pause row every acquisition of the key waits out, on every worker.
 */
const SCHEMA = "gavel_limits";
const RPM_TABLE = "requests_per_minute";

export type WaitReason = "concurrency" | "requests-per-minute" | "paused";

export interface SharedLimitsOptions {
  /** Who holds a slot (the worker id), as the slots table shows it. */
  holder: string;
  /** Seconds a slot stays taken without a renewal (the holder renews it every third of that). Default 30. */
  leaseSeconds?: number;
  /** Told whenever an acquisition has to wait, and why (the worker's log, tests). */
  onWait?: (key: string, reason: WaitReason, ms: number) => void;
}

export interface SharedLimits {
  /** The limiter for one endpoint key (lib/engine/agents rateLimitKey) with the limits a run asked for. */
  limiter(key: string, limits: RateLimits): RequestLimiter;
  close(): Promise<void>;
}

const POLL_MS = { min: 20, max: 150 };
const PAUSE_MS = { first: 1_000, max: 60_000 };

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Waiters of one process for one key: never more at the database than the key's concurrency limit. */
function localGate(size: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return {
    async enter(signal: AbortSignal): Promise<() => void> {
      if (active >= size) {
        await new Promise<void>((resolve, reject) => {
          const go = () => {
            signal.removeEventListener("abort", onAbort);
            resolve();
          };
          const onAbort = () => {
            queue.splice(queue.indexOf(go), 1);
            reject(signal.reason);
          };
          queue.push(go);
          signal.addEventListener("abort", onAbort, { once: true });
        });
      } else active++;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const next = queue.shift();
        if (next) next();
        else active--;
      };
    },
  };
}

async function createTables(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // Two workers starting at once would race on CREATE SCHEMA; the lock makes them take turns.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('gavel_limits'))");
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${SCHEMA}.slots (key text NOT NULL, slot integer NOT NULL, holder text, expires_at timestamptz, PRIMARY KEY (key, slot))`,
    );
    await client.query(`CREATE TABLE IF NOT EXISTS ${SCHEMA}.pauses (key text PRIMARY KEY, until timestamptz NOT NULL)`);
    // rate-limiter-flexible's own table, as it would create it (tableCreated below tells it not to).
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${SCHEMA}.${RPM_TABLE} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** rate-limiter-flexible keys are varchar(255): a long endpoint URL is hashed. */
const storeKey = (key: string) => (key.length <= 200 ? key : `sha256:${createHash("sha256").update(key).digest("hex")}`);

export function sharedRateLimits(url: string, options: SharedLimitsOptions): SharedLimits {
  const pool = new pg.Pool({ connectionString: url, max: 4, application_name: "gavel-limits" });
  pool.on("error", () => undefined); // an idle connection dropped by the server: the next query reconnects
  let ready: Promise<void> | null = null;
  const tables = () => (ready ??= createTables(pool).catch((error) => ((ready = null), Promise.reject(error))));
  const leaseSeconds = options.leaseSeconds ?? 30;
  const onWait = options.onWait ?? (() => undefined);
  const poll = () => POLL_MS.min + Math.random() * (POLL_MS.max - POLL_MS.min);

  async function takeSlot(key: string, limit: number, holder: string, signal: AbortSignal): Promise<number> {
    await pool.query(`INSERT INTO ${SCHEMA}.slots (key, slot) SELECT $1, s FROM generate_series(0, $2::int - 1) s ON CONFLICT DO NOTHING`, [
      key,
      limit,
    ]);
    for (let waited = false; ; waited = true) {
      const { rows } = await pool.query<{ slot: number }>(
        `UPDATE ${SCHEMA}.slots SET holder = $3, expires_at = now() + make_interval(secs => $4::double precision)
          WHERE (key, slot) = (SELECT key, slot FROM ${SCHEMA}.slots
                                WHERE key = $1 AND slot < $2 AND (holder IS NULL OR expires_at < now())
                                ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING slot`,
        [key, limit, holder, leaseSeconds],
      );
      if (rows[0]) return rows[0].slot;
      const ms = poll();
      if (!waited) onWait(key, "concurrency", ms);
      await sleep(ms, signal);
    }
  }

  async function waitPause(key: string, signal: AbortSignal): Promise<void> {
    for (;;) {
      const { rows } = await pool.query<{ ms: number }>(
        `SELECT ceil(extract(epoch FROM until - now()) * 1000)::int AS ms FROM ${SCHEMA}.pauses WHERE key = $1 AND until > now()`,
        [key],
      );
      const ms = rows[0]?.ms ?? 0;
      if (ms <= 0) return;
      onWait(key, "paused", ms);
      await sleep(ms, signal);
    }
  }

  return {
    limiter(key, limits) {
      const concurrent = limits.concurrentRequests;
      const gate = concurrent !== undefined ? localGate(concurrent) : null;
      const perMinute =
        limits.requestsPerMinute !== undefined
          ? new RateLimiterPostgres({
              storeClient: pool,
              storeType: "pool",
              schemaName: SCHEMA,
              tableName: RPM_TABLE,
              tableCreated: true,
              keyPrefix: "gavel",
              points: limits.requestsPerMinute,
              duration: 60,
            })
          : null;
      // Consecutive 429s seen here without a Retry-After: each doubles the pause.
      let strikes = 0;

      const acquire = async (signal: AbortSignal): Promise<RequestPermit> => {
        await tables();
        const leave = gate ? await gate.enter(signal) : () => undefined;
        const holder = `${options.holder}:${randomUUID()}`;
        let slot: number | null = null;
        try {
          if (concurrent !== undefined) slot = await takeSlot(key, concurrent, holder, signal);
          await waitPause(key, signal);
          while (perMinute) {
            try {
              await perMinute.consume(storeKey(key));
              break;
            } catch (rejection) {
              if (!(rejection instanceof RateLimiterRes)) throw rejection;
              onWait(key, "requests-per-minute", rejection.msBeforeNext);
              await sleep(rejection.msBeforeNext + poll(), signal);
              await waitPause(key, signal);
            }
          }
        } catch (error) {
          if (slot !== null) await freeSlot(key, slot, holder);
          leave();
          throw error;
        }
        const renew =
          slot === null
            ? null
            : setInterval(
                () =>
                  void pool
                    .query(
                      `UPDATE ${SCHEMA}.slots SET expires_at = now() + make_interval(secs => $4::double precision) WHERE key = $1 AND slot = $2 AND holder = $3`,
                      [key, slot, holder, leaseSeconds],
                    )
                    .catch(() => undefined),
                (leaseSeconds * 1000) / 3,
              );
        renew?.unref();
        let released = false;
        return {
          async release(result = {}) {
            if (released) return;
            released = true;
            if (renew) clearInterval(renew);
            try {
              if (result.rateLimited) {
                const ms = result.retryAfterMs ?? Math.min(PAUSE_MS.max, PAUSE_MS.first * 2 ** strikes);
                strikes++;
                await pool.query(
                  `INSERT INTO ${SCHEMA}.pauses (key, until) VALUES ($1, now() + make_interval(secs => $2::double precision))
                   ON CONFLICT (key) DO UPDATE SET until = GREATEST(${SCHEMA}.pauses.until, EXCLUDED.until)`,
                  [key, ms / 1000],
                );
              } else strikes = 0;
            } finally {
              if (slot !== null) await freeSlot(key, slot, holder);
              leave();
            }
          },
        };
      };
      return { acquire };
    },
    async close() {
      await pool.end();
    },
  };

  async function freeSlot(key: string, slot: number, holder: string): Promise<void> {
    await pool
      .query(`UPDATE ${SCHEMA}.slots SET holder = NULL, expires_at = NULL WHERE key = $1 AND slot = $2 AND holder = $3`, [
        key,
        slot,
        holder,
      ])
      .catch(() => undefined); // unreachable database: the lease frees the slot
  }
}
