import { describe, expect, it } from "vitest";
import { explainSignInFailure, serverAnswers, SIGN_IN_FAILURE, signInMessage } from "./sign-in-failure";

describe("signInMessage", () => {
  it("is null once signed in", () => {
    expect(signInMessage({ ok: true, error: null, status: 200 })).toBeNull();
  });

  it("says wrong email or password for next-auth's generic credentials error", () => {
    expect(signInMessage({ ok: false, error: "CredentialsSignin", status: 401 })).toBe("Wrong email or password.");
    expect(signInMessage({ ok: false, error: null, status: 401 })).toBe("Wrong email or password.");
  });

  it("shows the server's own message (a disabled account, the throttle's wait)", () => {
    expect(signInMessage({ ok: false, error: "This account is disabled. Ask an admin to enable it.", status: 401 })).toBe(
      "This account is disabled. Ask an admin to enable it.",
    );
    expect(signInMessage({ ok: false, error: "Too many attempts. Try again in 15 s.", status: 429 })).toBe(
      "Too many attempts. Try again in 15 s.",
    );
  });

  it("says the server failed for a 5xx answer, whatever error code came with it, never that the password was wrong", () => {
    expect(signInMessage({ ok: false, error: "Configuration", status: 500 })).toBe(SIGN_IN_FAILURE.serverFailed);
    expect(signInMessage({ ok: false, error: null, status: 503 })).toBe(SIGN_IN_FAILURE.serverFailed);
  });

  it("leaves it to a probe when next-auth gave no answer at all", () => {
    expect(signInMessage(undefined)).toBe("explain");
  });
});

describe("explainSignInFailure", () => {
  it("says the server failed when it still answers, and that it cannot be reached when it does not", async () => {
    expect(await explainSignInFailure(async () => true)).toBe(SIGN_IN_FAILURE.serverFailed);
    expect(await explainSignInFailure(async () => false)).toBe(SIGN_IN_FAILURE.unreachable);
    expect(SIGN_IN_FAILURE.serverFailed).not.toMatch(/reach/);
  });
});

describe("serverAnswers", () => {
  it("takes any HTTP answer from /api/health, a 503 or 500 included, as a running server", async () => {
    const asked: string[] = [];
    const answering = (status: number) =>
      (async (url: string | URL | Request) => {
        asked.push(String(url));
        return new Response("{}", { status });
      }) as typeof fetch;
    expect(await serverAnswers(answering(200))).toBe(true);
    expect(await serverAnswers(answering(503))).toBe(true);
    expect(await serverAnswers(answering(500))).toBe(true);
    expect(asked).toEqual(["/api/health", "/api/health", "/api/health"]);
  });

  it("is false when the request fails (no network, server down) or gets no answer in time", async () => {
    const failing = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await serverAnswers(failing)).toBe(false);
    const silent = ((_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)))) as typeof fetch;
    expect(await serverAnswers(silent, 50)).toBe(false);
  });
});
