import "server-only";
import pLimit from "p-limit";
import { RateLimiterMemory } from "rate-limiter-flexible";

/**
 * Sign-in throttling (rate-limiter-flexible, in memory: one server process; see docs/security.md).
 *
 * - Per account and per client address, failed sign-ins are counted over GAVEL_SIGNIN_WINDOW_MIN
 *   (default 60) minutes. Past GAVEL_SIGNIN_FREE_FAILURES (default 5) failures for an account, or
 *   GAVEL_SIGNIN_IP_FREE_FAILURES (default 30) from one address, each further failure blocks the key
 *   for an exponentially growing time: 15 s, 30 s, 60 s, … up to GAVEL_SIGNIN_MAX_BLOCK_S (900).
 *   A blocked key is refused before any password is checked (429 with Retry-After). A successful
 *   sign-in clears its account's count (never the address's: one's own account must not reset an
 *   attacker's address).
 * - One sign-in per account at a time, so parallel guesses cannot all slip in before the first
 *   failure is counted.
 * - Password checks (bcrypt, ~100 ms of CPU each) run at most 2 at a time; when 16 are already
 *   waiting, further attempts are refused (429) instead of queueing CPU work without bound.
 */
export interface ThrottleSettings {
  freeFailures: number;
  ipFreeFailures: number;
  windowMin: number;
  baseBlockS: number;
  maxBlockS: number;
  concurrentChecks: number;
  waitingChecks: number;
}

const positive = (env: Record<string, string | undefined>, name: string, fallback: number): number => {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not "${raw}".`);
  return value;
};

export function throttleSettings(env: Record<string, string | undefined> = process.env): ThrottleSettings {
  return {
    freeFailures: positive(env, "GAVEL_SIGNIN_FREE_FAILURES", 5),
    ipFreeFailures: positive(env, "GAVEL_SIGNIN_IP_FREE_FAILURES", 30),
    windowMin: positive(env, "GAVEL_SIGNIN_WINDOW_MIN", 60),
    baseBlockS: 15,
    maxBlockS: positive(env, "GAVEL_SIGNIN_MAX_BLOCK_S", 900),
    concurrentChecks: 2,
    waitingChecks: 16,
  };
}

export type Refusal = { retryAfterS: number; message: string };
export type Outcome = "success" | "failure";
/** What a refused or finished attempt reports, so a caller can audit the first block of an account. */
export interface Finished {
  blockedAccountForS: number | null;
}

export class SignInThrottle {
  private readonly failures: RateLimiterMemory;
  private readonly blocks: RateLimiterMemory;
  private readonly inFlight = new Set<string>();
  private reserved = 0;
  private readonly checks: ReturnType<typeof pLimit>;

  constructor(readonly settings: ThrottleSettings = throttleSettings()) {
    this.failures = new RateLimiterMemory({ keyPrefix: "signin-failures", points: 1_000_000, duration: settings.windowMin * 60 });
    this.blocks = new RateLimiterMemory({ keyPrefix: "signin-blocks", points: 1, duration: 1 });
    this.checks = pLimit(settings.concurrentChecks);
  }

  /**
   * Runs one sign-in attempt for (email, address): refused up front when either key is blocked,
   * the account already has an attempt in flight, or too many password checks are waiting;
   * otherwise `check` runs (its password comparison bounded in concurrency) and its outcome is counted.
   */
  async attempt<T>(
    email: string,
    address: string,
    check: () => Promise<{ outcome: Outcome; value: T }>,
  ): Promise<{ refused: Refusal } | { value: T; outcome: Outcome; finished: Finished }> {
    const account = `account:${email.trim().toLowerCase()}`;
    const ip = `ip:${address}`;
    // Reserved before the first await, so parallel attempts see each other.
    if (this.inFlight.has(account))
      return { refused: { retryAfterS: 1, message: "Another sign-in for this account is in progress. Try again in a moment." } };
    if (this.reserved >= this.settings.concurrentChecks + this.settings.waitingChecks)
      return { refused: { retryAfterS: 1, message: "The server is busy checking other sign-ins. Try again in a moment." } };
    this.inFlight.add(account);
    this.reserved++;
    try {
      for (const key of [account, ip]) {
        const blocked = await this.blocks.get(key);
        if (blocked && blocked.consumedPoints > 1 && blocked.msBeforeNext > 0) {
          const retryAfterS = Math.ceil(blocked.msBeforeNext / 1000);
          return {
            refused: {
              retryAfterS,
              message: `Too many failed sign-ins ${key === account ? "for this account" : "from your address"}. Try again in ${retryAfterS} s.`,
            },
          };
        }
      }
      const { outcome, value } = await this.checks(check);
      const finished: Finished = { blockedAccountForS: null };
      if (outcome === "success") {
        await Promise.all([this.failures.delete(account), this.blocks.delete(account)]);
      } else {
        const [a, i] = await Promise.all([this.failures.penalty(account, 1), this.failures.penalty(ip, 1)]);
        const accountBlock = this.blockFor(a.consumedPoints, this.settings.freeFailures);
        const ipBlock = this.blockFor(i.consumedPoints, this.settings.ipFreeFailures);
        if (accountBlock) {
          await this.blocks.block(account, accountBlock);
          finished.blockedAccountForS = accountBlock;
        }
        if (ipBlock) await this.blocks.block(ip, ipBlock);
      }
      return { value, outcome, finished };
    } finally {
      this.inFlight.delete(account);
      this.reserved--;
    }
  }

  /** 0 up to the free failures, then base · 2^(over − 1) seconds, capped. */
  private blockFor(failures: number, free: number): number {
    if (failures < free) return 0;
    return Math.min(this.settings.baseBlockS * 2 ** (failures - free), this.settings.maxBlockS);
  }
}
