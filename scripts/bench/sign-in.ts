import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Signs in through next-auth's credentials flow (the CSRF token, then the credentials POST) and returns
 * the session cookie: how the page benchmarks reach the app as the demo admin.
 */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const jar = (csrf.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
    redirect: "manual",
  });
  const session = (response.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(";")[0])
    .find((c) => c!.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`sign-in failed (HTTP ${response.status})`);
  return `${jar}; ${session}`;
}

/** Signs in as the demo admin whose password the first start wrote to `<dataDir>/demo-credentials.txt`. */
export async function signInAsDemoAdmin(base: string, dataDir: string): Promise<string> {
  const admin = readFileSync(path.join(dataDir, "demo-credentials.txt"), "utf8")
    .split("\n")
    .find((l) => l.startsWith("admin"))!
    .trim()
    .split(/\s+/);
  return signIn(base, admin[1]!, admin[2]!);
}
