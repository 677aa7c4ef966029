import { describe, expect, it } from "vitest";
import { SignInThrottle, throttleSettings, type ThrottleSettings } from "./throttle";

const settings = (over: Partial<ThrottleSettings> = {}): ThrottleSettings => ({ ...throttleSettings({}), ...over });
const wrong = async () => ({ outcome: "failure" as const, value: "wrong" });
const right = async () => ({ outcome: "success" as const, value: "ok" });

describe("SignInThrottle", () => {
  it("blocks an account after its free failures, even for the right password, with a growing Retry-After", async () => {
    const throttle = new SignInThrottle(settings({ freeFailures: 3 }));
    for (let i = 0; i < 2; i++)
      expect(await throttle.attempt("a@example.com", "1.1.1.1", wrong)).toMatchObject({
        outcome: "failure",
        finished: { blockedAccountForS: null },
      });
    expect(await throttle.attempt("a@example.com", "1.1.1.1", wrong)).toMatchObject({
      outcome: "failure",
      finished: { blockedAccountForS: 15 },
    });
    const refused = await throttle.attempt("A@example.com ", "2.2.2.2", right);
    expect(refused).toEqual({ refused: { retryAfterS: 15, message: "Too many failed sign-ins for this account. Try again in 15 s." } });
    // Another account from the same address is not affected.
    expect(await throttle.attempt("b@example.com", "1.1.1.1", right)).toMatchObject({ outcome: "success" });
  });

  it("doubles the block with each further failure, up to the maximum", async () => {
    const throttle = new SignInThrottle(settings({ freeFailures: 1, maxBlockS: 40 }));
    const blocks: (number | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const result = await throttle.attempt("c@example.com", "1.1.1.1", wrong);
      if ("refused" in result) break;
      blocks.push(result.finished.blockedAccountForS);
      // Let the block pass without waiting: clear it, keep the count.
      await (throttle as unknown as { blocks: { delete: (k: string) => Promise<boolean> } }).blocks.delete("account:c@example.com");
    }
    expect(blocks).toEqual([15, 30, 40, 40]);
  });

  it("blocks an address after its free failures, across accounts", async () => {
    const throttle = new SignInThrottle(settings({ ipFreeFailures: 3 }));
    for (let i = 0; i < 3; i++) await throttle.attempt(`user${i}@example.com`, "6.6.6.6", wrong);
    expect(await throttle.attempt("new@example.com", "6.6.6.6", right)).toEqual({
      refused: { retryAfterS: 15, message: "Too many failed sign-ins from your address. Try again in 15 s." },
    });
    expect(await throttle.attempt("new@example.com", "7.7.7.7", right)).toMatchObject({ outcome: "success" });
  });

  it("a success clears the account's count, not the address's", async () => {
    const throttle = new SignInThrottle(settings({ freeFailures: 2, ipFreeFailures: 3 }));
    await throttle.attempt("d@example.com", "8.8.8.8", wrong);
    await throttle.attempt("d@example.com", "8.8.8.8", right);
    expect(await throttle.attempt("d@example.com", "8.8.8.8", wrong)).toMatchObject({ finished: { blockedAccountForS: null } });
    expect(await throttle.attempt("e@example.com", "8.8.8.8", wrong)).toMatchObject({ outcome: "failure" });
    expect(await throttle.attempt("f@example.com", "8.8.8.8", right)).toMatchObject({
      refused: { message: expect.stringContaining("from your address") },
    });
  });

  it("lets one attempt per account run at a time and bounds the password checks waiting", async () => {
    const throttle = new SignInThrottle(settings({ concurrentChecks: 1, waitingChecks: 2 }));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let checks = 0;
    const slow = async () => {
      checks++;
      await held;
      return { outcome: "failure" as const, value: "slow" };
    };
    const guesses = Array.from({ length: 50 }, () => throttle.attempt("g@example.com", "9.9.9.9", slow));
    const others = Array.from({ length: 5 }, (_, i) => throttle.attempt(`h${i}@example.com`, "9.9.9.9", slow));
    release();
    const results = await Promise.all([...guesses, ...others]);
    const refusedGuesses = results.slice(0, 50).filter((r) => "refused" in r);
    expect(refusedGuesses).toHaveLength(49);
    expect(refusedGuesses[0]).toMatchObject({
      refused: { message: "Another sign-in for this account is in progress. Try again in a moment." },
    });
    // One check runs and two may wait: of the five other accounts, two get in and three are told the server is busy.
    expect(results.slice(50).filter((r) => "refused" in r && r.refused.message.includes("busy"))).toHaveLength(3);
    expect(checks).toBe(3);
  });

  it("reads its settings from the environment and rejects bad values", () => {
    expect(
      throttleSettings({
        GAVEL_SIGNIN_FREE_FAILURES: "3",
        GAVEL_SIGNIN_IP_FREE_FAILURES: "10",
        GAVEL_SIGNIN_WINDOW_MIN: "30",
        GAVEL_SIGNIN_MAX_BLOCK_S: "60",
      }),
    ).toMatchObject({ freeFailures: 3, ipFreeFailures: 10, windowMin: 30, maxBlockS: 60 });
    expect(() => throttleSettings({ GAVEL_SIGNIN_FREE_FAILURES: "0" })).toThrow(
      'GAVEL_SIGNIN_FREE_FAILURES must be a positive whole number, not "0".',
    );
  });
});
