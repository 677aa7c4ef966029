import { expect, test, type Page, type PlaywrightWorkerArgs, type Request } from "@playwright/test";
import { account, signIn } from "./helpers";
import { unique } from "./seed";

/**
 * The HTTP findings of the hardening review, as an attacker would try them: cross-site requests
 * riding an admin's cookie, and uploads past the size limit (which used to be truncated and
 * half-imported).
 */
const EVIL = "https://evil.example";

test("a cross-site POST with an admin's cookie is refused (403) and creates nothing; the same request from the app works", async ({
  page,
  baseURL,
}) => {
  await signIn(page, account("admin"));
  const email = `csrf-${unique()}@example.com`;
  const body = JSON.stringify({ email, role: "admin", password: "correct horse battery staple" });
  const forged = await page.request.post("/api/users", { headers: { origin: EVIL, "content-type": "text/plain" }, data: body });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).error).toContain(`came from ${EVIL}`);
  const crossSite = await page.request.post("/api/users", {
    headers: { "sec-fetch-site": "cross-site", "content-type": "application/json" },
    data: body,
  });
  expect(crossSite.status()).toBe(403);
  const users = (await (await page.request.get("/api/users")).json()) as { users?: { email: string }[] } | { email: string }[];
  expect(JSON.stringify(users)).not.toContain(email);

  // From the app's own origin but not as JSON: a JSON route reads only JSON (415), and writes nothing.
  const plain = await page.request.post("/api/users", {
    headers: { origin: baseURL!, "sec-fetch-site": "same-origin", "content-type": "text/plain" },
    data: body,
  });
  expect(plain.status()).toBe(415);
  expect((await plain.json()).error).toContain("Content-Type: application/json");
  expect(JSON.stringify(await (await page.request.get("/api/users")).json())).not.toContain(email);

  const own = await page.request.post("/api/users", {
    headers: { origin: baseURL!, "sec-fetch-site": "same-origin", "content-type": "application/json" },
    data: body,
  });
  expect(own.status()).toBe(201);

  // Imports and approvals from a foreign origin are refused the same way.
  expect((await page.request.post("/api/transcripts/import?format=jsonl", { headers: { origin: EVIL }, data: "{}" })).status()).toBe(403);
  expect((await page.request.post("/api/judges/versions/x/approve", { headers: { origin: EVIL }, data: "{}" })).status()).toBe(403);
});

/**
 * The import form's server-action request as the browser sends it (signed in as the admin, a file that
 * is not JSON): a real action id, headers and body to replay, since action ids are build-specific.
 */
async function importFormActionRequest(page: Page): Promise<Request> {
  await signIn(page, account("admin"), "/label/import");
  const [actionRequest] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"])),
    (async () => {
      await page
        .getByLabel("Transcript file")
        .setInputFiles({ name: "x.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from("not json\n") });
      await page.getByRole("button", { name: "Import" }).click();
    })(),
  ]);
  return actionRequest;
}

test("a server action posted from a foreign origin answers 403, not 500", async ({ page }) => {
  // The real action id, as the browser sends it when the form is submitted.
  const actionRequest = await importFormActionRequest(page);
  const headers = actionRequest.headers();
  const replayed = await page.request.post("/label/import", {
    headers: { "next-action": headers["next-action"]!, "content-type": headers["content-type"]!, accept: "text/x-component", origin: EVIL },
    data: actionRequest.postDataBuffer()!,
  });
  expect(replayed.status()).toBe(403);
  expect((await replayed.json()).error).toContain("Cross-site request refused");
});

test("a server action's arguments nested 20,000 deep are refused with 400 before Next parses them, signed in or not", async ({
  page,
  baseURL,
}) => {
  // A real action id (it is in the page's script, public): the import form's.
  const actionRequest = await importFormActionRequest(page);
  const actionId = actionRequest.headers()["next-action"]!;
  const deep = "[".repeat(20_000) + "]".repeat(20_000);
  // Anonymous: no cookie at all.
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${baseURL}/label/import`, {
      method: "POST",
      headers: { "next-action": actionId, accept: "text/x-component", ...headers },
      body,
    });

  const asText = await post(deep, { "content-type": "text/plain;charset=UTF-8" });
  expect(asText.status).toBe(400);
  expect(((await asText.json()) as { error: string }).error).toContain("nested deeper than 256 levels");

  const form = new FormData();
  form.set("0", deep);
  const asForm = await post(form);
  expect(asForm.status).toBe(400);

  const urlencoded = await post(new URLSearchParams({ 0: deep }).toString(), { "content-type": "application/x-www-form-urlencoded" });
  expect(urlencoded.status).toBe(400);

  // A string full of brackets is not nesting: it reaches the action, which refuses a stranger as always.
  const stranger = await post(JSON.stringify(["[".repeat(20_000)]), { "content-type": "text/plain;charset=UTF-8" });
  expect(stranger.status).not.toBe(400);
  expect(stranger.status).toBeLessThan(500);
});

/** A JSONL file of valid transcripts, each line about 3 KB, `megabytes` in all; its first line's id is returned. */
function bigFile(megabytes: number) {
  const tag = unique();
  const filler = "x".repeat(3000);
  const lines: string[] = [];
  let size = 0;
  for (let n = 0; size < megabytes * 2 ** 20; n++) {
    const line =
      JSON.stringify({
        id: `big-${tag}-${n}`,
        task_prompt: `Task ${tag} ${n}`,
        messages: [
          { role: "user", content: `Task ${n}` },
          { role: "assistant", content: filler },
        ],
        final_output: `done ${tag} ${n}`,
      }) + "\n";
    lines.push(line);
    size += line.length;
  }
  return { text: lines.join(""), first: lines[0]!, count: lines.length };
}

test("a 60 MB import through the API gets 413 naming the limit and writes nothing, declared or streamed", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, account("admin"));
  const file = bigFile(60);

  const declared = await page.request.post("/api/transcripts/import?format=jsonl", {
    headers: { "content-type": "application/x-ndjson" },
    data: file.text,
  });
  expect(declared.status()).toBe(413);
  expect((await declared.json()).error).toContain("larger than the limit of 50 MB (GAVEL_MAX_UPLOAD_MB)");

  const multipart = await page.request.post("/api/transcripts/import", {
    multipart: { file: { name: "big.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(file.text) } },
  });
  expect(multipart.status()).toBe(413);

  // Streamed without a Content-Length (chunked): the route counts what it reads and stops at the limit.
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const bytes = Buffer.from(file.text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 1 << 20) controller.enqueue(bytes.subarray(at, at + (1 << 20)));
      controller.close();
    },
  });
  const streamed = await fetch(`${baseURL}/api/transcripts/import?format=jsonl`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-ndjson" },
    body: stream,
    duplex: "half",
  } as RequestInit);
  expect(streamed.status).toBe(413);
  expect(((await streamed.json()) as { error: string }).error).toContain("GAVEL_MAX_UPLOAD_MB");

  // A server action (the import form's) streamed without a Content-Length: refused up front, not a 500.
  const action = await fetch(`${baseURL}/label/import`, {
    method: "POST",
    headers: { cookie, "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8", origin: baseURL! },
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 1 << 20) controller.enqueue(bytes.subarray(at, at + (1 << 20)));
        controller.close();
      },
    }),
    duplex: "half",
  } as RequestInit);
  expect(action.status).toBe(411);

  // Nothing of it was written: its first transcript is new when imported on its own.
  const alone = await page.request.post("/api/transcripts/import?format=jsonl", {
    headers: { "content-type": "application/x-ndjson" },
    data: file.first,
  });
  expect(alone.status()).toBe(200);
  expect(await alone.json()).toMatchObject({ ok: true, items: 1, created: 1, existing: 0 });
});

test("an upload in invalid UTF-8 is refused with its line, not stored with U+FFFD", async ({ page }) => {
  await signIn(page, account("admin"));
  const good = JSON.stringify({
    id: `utf8-${unique()}`,
    task_prompt: "Task",
    messages: [{ role: "user", content: "hi" }],
    final_output: "ok",
  });
  const body = Buffer.concat([
    Buffer.from(`${good}\n{"id":"bad","task_prompt":"`),
    Buffer.from([0xc3, 0x28]),
    Buffer.from('","messages":[]}\n'),
  ]);
  const response = await page.request.post("/api/transcripts/import?format=jsonl", {
    headers: { "content-type": "application/x-ndjson" },
    data: body,
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toEqual({
    ok: false,
    format: "jsonl",
    errors: ["line 2: not valid UTF-8. Save the file as UTF-8 and try again."],
  });
});

/**
 * A fresh account, made by the admin signed in on `page` (so the throttle's blocks never touch the demo accounts
 * other specs sign in with).
 */
async function freshAccount(page: Page, password: string) {
  await signIn(page, account("admin"));
  const email = `brute-${unique()}@example.com`;
  const created = await page.request.post("/api/users", { data: { email, role: "viewer", password } });
  expect(created.status()).toBe(201);
  return email;
}

/** A fresh account to guess at, and the attacker's own request context (no cookie of the admin's). */
async function bruteForceTarget(page: Page, playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined, password: string) {
  const email = await freshAccount(page, password);
  return { email, attacker: await playwright.request.newContext({ baseURL }) };
}

/** One password sign-in the way next-auth's client sends it. */
async function tryPassword(request: import("@playwright/test").APIRequestContext, email: string, password: string) {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  return request.post("/api/auth/callback/credentials", { form: { email, password, csrfToken, json: "true", callbackUrl: "/runs" } });
}

test("after 5 wrong passwords the right one is refused too (429, Retry-After), the form says why, and the block is audited", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const password = "correct horse battery staple";
  const { email, attacker } = await bruteForceTarget(page, playwright, baseURL, password);
  for (let i = 0; i < 5; i++) expect((await tryPassword(attacker, email, `guess-${i}`)).status()).not.toBe(429);
  const right = await tryPassword(attacker, email, password);
  expect(right.status()).toBe(429);
  expect(Number(right.headers()["retry-after"])).toBeGreaterThanOrEqual(14);
  expect((await right.json()).error).toMatch(/^Too many failed sign-ins for this account\. Try again in \d+ s\.$/);
  expect(right.headers()["set-cookie"] ?? "").not.toContain("session-token");

  // The owner, in a browser, is told to wait rather than "wrong password".
  const owner = await browser.newContext().then((c) => c.newPage());
  await owner.goto("/login");
  await owner.getByLabel("Email").fill(email);
  await owner.getByLabel("Password").fill(password);
  await owner.getByRole("button", { name: "Sign in" }).click();
  await expect(owner.getByRole("alert").filter({ hasText: "Too many failed sign-ins" })).toBeVisible();

  const audit = await (await page.request.get("/api/audit?format=jsonl&action=user.sign_in_blocked")).text();
  expect(audit).toContain(email);
  await attacker.dispose();
});

test("a repeated email field cannot aim the throttle at one account and the check at another; JSON sign-ins count like form ones; a spoofed X-Forwarded-For changes nothing", async ({
  page,
  playwright,
  baseURL,
}) => {
  const password = "duplicate field horse";
  const { email, attacker } = await bruteForceTarget(page, playwright, baseURL, password);
  const { csrfToken } = (await (await attacker.get("/api/auth/csrf")).json()) as { csrfToken: string };

  // The bypass: decoy first (what a naive throttle reads), victim last (what next-auth authenticates).
  const duplicate = await attacker.post("/api/auth/callback/credentials", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: `email=decoy-${unique()}%40example.com&email=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}&csrfToken=${csrfToken}&json=true`,
  });
  expect(duplicate.status()).toBe(400);
  expect((await duplicate.json()).error).toBe('The sign-in form sent "email" more than once.');
  expect(duplicate.headers()["set-cookie"] ?? "").not.toContain("session-token");

  // JSON bodies, each from a different claimed address: the account still blocks after 5.
  for (let i = 0; i < 5; i++) {
    const guess = await attacker.post("/api/auth/callback/credentials", {
      headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
      data: { email: email.toUpperCase(), password: `json-guess-${i}`, csrfToken, json: "true" },
    });
    expect(guess.status(), `JSON guess ${i}`).not.toBe(429);
  }
  const right = await attacker.post("/api/auth/callback/credentials", { data: { email, password, csrfToken, json: "true" } });
  expect(right.status()).toBe(429);
  expect(right.headers()["set-cookie"] ?? "").not.toContain("session-token");

  // The block is audited with the socket's address: the X-Forwarded-For values were not believed.
  const audit = (await (await page.request.get("/api/audit?format=jsonl&action=user.sign_in_blocked")).text())
    .split("\n")
    .filter((line) => line.includes(email));
  expect(audit.length).toBeGreaterThan(0);
  for (const line of audit) expect(JSON.parse(line).details.address).not.toMatch(/^198\.51\.100\./);
  await attacker.dispose();
});

test("50 parallel guesses at one account: at most the free failures reach a password check, the rest get 429", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { email, attacker } = await bruteForceTarget(page, playwright, baseURL, "another correct horse");
  const { csrfToken } = (await (await attacker.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      attacker.post("/api/auth/callback/credentials", { form: { email, password: `parallel-${i}`, csrfToken, json: "true" } }),
    ),
  );
  const statuses = responses.map((r) => r.status());
  expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(5);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(45);
  await attacker.dispose();
});

test("signing out ends the session on the server: a saved copy of the cookie reads nothing afterwards", async ({ page, browser }) => {
  const password = "a third correct horse";
  const email = await freshAccount(page, password);
  const context = await browser.newContext();
  const user = await context.newPage();
  await signIn(user, { role: "viewer", email, password });
  const saved = await context.cookies();
  expect((await user.request.get("/runs", { maxRedirects: 0 })).status()).toBe(200);
  // The button works once the page has hydrated; under load a click can land before that.
  // A click that did sign out may reach /login only after the try's 2 s: then there is no button to click again.
  await expect(async () => {
    if (!/\/login/.test(user.url())) await user.getByRole("button", { name: "Sign out" }).click({ timeout: 2_000 });
    await expect(user).toHaveURL(/\/login/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });

  const thief = await browser.newContext();
  await thief.addCookies(saved);
  expect((await thief.request.get("/runs", { maxRedirects: 0 })).status()).toBe(307);
  expect((await thief.request.get("/api/runs/anything")).status()).toBe(401);
  await Promise.all([context.close(), thief.close()]);
});
