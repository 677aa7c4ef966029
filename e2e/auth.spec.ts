import { expect, test } from "@playwright/test";
import { SIGN_IN_FAILURE } from "../app/(auth)/login/sign-in-failure";
import { can, type Scope } from "../lib/roles";
import { account, alerts, signIn, signedInPage, workbenchPages, type DemoRole } from "./helpers";

/** Pages that need more than read; anything else is open to every role. */
const PAGE_SCOPES: Record<string, Scope> = {
  "/users": "users:manage",
  "/audit": "audit:read",
  "/judges/policy": "settings:manage",
  "/judges/new": "judges:write",
  "/judges/versions/does-not-exist/edit": "judges:write",
  "/judges/versions/does-not-exist/new-model": "judges:write",
  "/judges/versions/does-not-exist/workbench": "judges:write",
  "/webhooks": "settings:manage",
  "/label/does-not-exist/item": "labels:write",
  "/label/mine": "labels:write",
  "/label/mine/does-not-exist": "labels:write",
  "/label/new": "queues:manage",
  "/label/import": "queues:manage",
  "/label/routing": "queues:manage",
  "/label/does-not-exist/adjudicate": "labels:adjudicate",
  "/label/does-not-exist/rubric": "queues:manage",
  "/label/does-not-exist/gold": "labels:adjudicate",
  "/label/does-not-exist/items": "labels:adjudicate",
};

/** 403 without the scope (checked before anything is looked up), 404 for a placeholder id, else 200. */
function expectedStatus(role: DemoRole, path: string): number {
  const scope = PAGE_SCOPES[path];
  if (scope && !can({ role }, scope)) return 403;
  return path.includes("does-not-exist") ? 404 : 200;
}

test.describe("signed out", () => {
  test("every page redirects to sign-in", async ({ request }) => {
    const pages = ["/", ...workbenchPages()];
    expect(pages).toEqual(expect.arrayContaining(["/runs", "/label", "/judges", "/suites", "/users"]));
    for (const path of pages) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(307);
      const location = new URL(response.headers().location!, "http://x");
      expect(location.pathname, path).toBe("/login");
      expect(location.searchParams.get("error"), path).toBe("SessionRequired");
    }
  });

  test("admin-only route handler answers 401 with a JSON message", async ({ request }) => {
    const response = await request.get("/api/users");
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ error: expect.stringContaining("Sign in") });
  });

  test("lands back on the page asked for after signing in", async ({ page }) => {
    await page.goto("/suites");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fsuites/);
    await expect(page.getByText("Sign in to continue.")).toBeVisible();
    const admin = account("admin");
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/suites$/);
    await expect(page.getByRole("heading", { name: "Suites", exact: true })).toBeVisible();
  });
});

test.describe("each demo role sees the pages it may see", () => {
  for (const role of ["admin", "reviewer", "viewer"] as const) {
    test(role, async ({ page }) => {
      // Every workbench page in turn (about fifty, the item browser and the LLMBar/HANNA pages among
      // them), each the first visit on a cold server: on PostgreSQL under CI load that passed 60 s.
      test.setTimeout(180_000);
      const who = account(role);
      await signIn(page, who);
      await expect(page.getByTestId("signed-in-role")).toHaveText(role);
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const label of ["Runs", "Label", "Judges", "Suites"]) await expect(nav.getByRole("link", { name: label })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(role === "admin" ? 1 : 0);
      await expect(nav.getByRole("link", { name: "Audit" })).toHaveCount(role === "admin" ? 1 : 0);

      for (const path of workbenchPages()) {
        const response = await page.goto(path);
        const expected = expectedStatus(role, path);
        expect(response?.status(), `${role} ${path}`).toBe(expected);
        if (expected === 403) await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
      }
    });
  }
});

test("a reviewer cannot open the users page", async ({ page }) => {
  await signIn(page, account("reviewer"));
  const response = await page.goto("/users");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("reviewer1@gavel.local")).toBeVisible(); // the header, not the list
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("a viewer gets 403 from the admin-only route handler and server action", async ({ browser }) => {
  // Record how the users page calls its create-user server action, as an admin would.
  const admin = await signedInPage(browser, account("admin"), "/users");
  await admin.getByLabel("Email", { exact: true }).fill("recorded-by-admin@example.com");
  const [actionRequest] = await Promise.all([
    admin.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"])),
    admin.getByRole("button", { name: "Create user" }).click(),
  ]);
  await expect(admin.getByTestId("create-user-result")).toContainText("Created recorded-by-admin@example.com");
  const actionId = actionRequest.headers()["next-action"]!;

  const viewer = await signedInPage(browser, account("viewer"));
  const routeResponse = await viewer.request.post("/api/users", { data: { email: "sneaky@example.com", role: "admin" } });
  expect(routeResponse.status()).toBe(403);
  expect((await routeResponse.json()).error).toMatch(/role \(viewer\) does not allow users:manage/);

  // Replay the admin's exact request (another email) with the viewer's session.
  const body = actionRequest.postDataBuffer()!.toString("utf8").replace("recorded-by-admin@example.com", "sneaky-action@example.com");
  expect(body).toContain("sneaky-action@example.com");
  const actionResponse = await viewer.request.post("/users", {
    headers: { "next-action": actionId, "content-type": actionRequest.headers()["content-type"]!, accept: "text/x-component" },
    data: body,
  });
  expect(actionResponse.status()).toBe(403);

  // Nothing was created by either attempt.
  await admin.reload();
  await expect(admin.getByTestId("user-row-recorded-by-admin@example.com")).toBeVisible();
  await expect(admin.getByText("sneaky@example.com")).toHaveCount(0);
  await expect(admin.getByText("sneaky-action@example.com")).toHaveCount(0);
});

test.describe("sign-in errors are clear and never a stack trace", () => {
  test("wrong password", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(account("admin").email);
    await page.getByLabel("Password").fill("definitely-not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alerts(page)).toHaveText("Wrong email or password.");
    await expect(page).toHaveURL(/\/login/);
  });

  test("unknown email", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("nobody-here@example.com");
    await page.getByLabel("Password").fill("whatever-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alerts(page)).toHaveText("Wrong email or password.");
  });

  test("a server that fails is not a server that cannot be reached", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(account("admin").email);
    await page.getByLabel("Password").fill(account("admin").password);
    // The sign-in answered with an error page, as when its session row could not be written: the server runs.
    await page.route("**/api/auth/callback/credentials", (route) =>
      route.fulfill({ status: 500, contentType: "text/html", body: "<html><body>Internal Server Error</body></html>" }),
    );
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alerts(page)).toHaveText(SIGN_IN_FAILURE.serverFailed);

    // No answer at all, from the sign-in or the health check: then it could not be reached.
    await page.route("**/api/auth/callback/credentials", (route) => route.abort("connectionrefused"));
    await page.route("**/api/health", (route) => route.abort("connectionrefused"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alerts(page)).toHaveText(SIGN_IN_FAILURE.unreachable);
  });

  test("missing fields, in the form and posted straight to the server", async ({ page, request }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter an email address.")).toBeVisible();
    await expect(page.getByText("Enter your password.")).toBeVisible();

    // Bypassing the form: the server names the missing field too.
    const csrf = (await (await request.get("/api/auth/csrf")).json()).csrfToken as string;
    const response = await request.post("/api/auth/callback/credentials", {
      form: { csrfToken: csrf, email: account("admin").email, callbackUrl: "/runs" },
      maxRedirects: 0,
    });
    const location = response.headers().location!;
    await page.goto(location);
    await expect(alerts(page)).toHaveText("Enter your password.");
  });

  test("malformed session cookie", async ({ page, context, baseURL }) => {
    await context.addCookies([
      { name: "next-auth.session-token", value: "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..tampered.with.this", url: baseURL! },
    ]);
    const response = await page.goto("/runs");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login\?.*error=SessionInvalid/);
    await expect(alerts(page)).toHaveText("Your session was invalid or has expired. Sign in again.");
    const body = await page.content();
    expect(body).not.toMatch(/at .*\(.*:\d+:\d+\)|TypeError|JWEInvalid|Error:/);
  });
});

test("an admin creates a user and changes their role; both land in the audit log", async ({ page, browser }) => {
  await signIn(page, account("admin"), "/users");
  const email = `new-reviewer-${Date.now()}@example.com`;
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("viewer");
  await page.getByRole("button", { name: "Create user" }).click();
  const result = page.getByTestId("create-user-result");
  await expect(result).toContainText(`Created ${email} (viewer). Their password, shown only now:`);
  const password = (await result.textContent())!.split("shown only now: ")[1]!.trim();

  const row = page.getByTestId(`user-row-${email}`);
  await row.getByLabel(`Role for ${email}`).selectOption("reviewer");
  await row.getByRole("button", { name: "Save role" }).click();
  await expect(row.getByRole("status")).toHaveText(`${email} is now reviewer.`);

  await page.reload();
  const log = page.getByTestId("audit-log");
  await expect(log.getByText(`email: ${email} · from: viewer · to: reviewer`)).toBeVisible();
  await expect(log.getByText(`email: ${email} · role: viewer`)).toBeVisible();

  // The new account signs in with the generated password and has the new role at once.
  const fresh = await signedInPage(browser, { role: "reviewer", email, password });
  await expect(fresh.getByTestId("signed-in-role")).toHaveText("reviewer");
});

test("form errors name the field and keep the page usable", async ({ page }) => {
  await signIn(page, account("admin"), "/users");
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByLabel("Password (optional)").fill("short");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByText("Enter a valid email address, like ada@example.com.")).toBeVisible();
  await expect(page.getByText("Use at least 12 characters for the password.")).toBeVisible();
});

test("sign out ends the session", async ({ page, playwright, baseURL }) => {
  await signIn(page, account("viewer"));
  // A copy of the cookie taken before signing out, as a thief would hold it.
  const stolen = await page.context().storageState();
  expect((await (await page.request.get("/api/auth/session")).json()).user?.email).toBe(account("viewer").email);
  // The button works once the page has hydrated; under load a click can land before that.
  await expect(async () => {
    await page.getByRole("button", { name: "Sign out" }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/login/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const response = await page.request.get("/runs", { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  const thief = await playwright.request.newContext({ baseURL, storageState: stolen });
  expect(await (await thief.get("/api/auth/session")).json()).toEqual({});
  expect((await thief.get("/runs", { maxRedirects: 0 })).status()).toBe(307);
  await thief.dispose();
});

test("a malformed or foreign callbackUrl never breaks sign-in (no 500) and never leaves the site", async ({
  page,
  playwright,
  baseURL,
}) => {
  for (const query of ["callbackUrl=%2Fa&callbackUrl=%2Fb", "callbackUrl=%2F%5Cevil.example", "callbackUrl=http%3A%2F%2F%5B"])
    expect((await page.request.get(`/login?${query}`)).status(), query).toBe(200);
  const client = await playwright.request.newContext({ baseURL });
  const { csrfToken } = (await (await client.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const { email, password } = account("viewer");
  for (const callbackUrl of ["http://[", "https://evil.example/x", "/\\evil.example"]) {
    const response = await client.post("/api/auth/callback/credentials", {
      form: { email, password, csrfToken, json: "true", callbackUrl },
    });
    expect(response.status(), callbackUrl).toBe(200);
    const url = new URL((await response.json()).url);
    expect(url.origin, callbackUrl).toBe(new URL(baseURL!).origin);
  }
  await client.dispose();
});
