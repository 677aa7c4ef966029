import { expect, test, type Page } from "@playwright/test";
import { account, signIn } from "./helpers";

/**
 * Text typed into a server-rendered form before its scripts arrive is still there once the page has
 * hydrated. Under load a person (or a test) types as soon as the fields show; the scripts are held back
 * here so that moment is certain rather than a race.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Hydrated: React has taken these fields over, and its root has committed (Next mounts its route announcer then). */
async function hydrated(page: Page, ids: string[]) {
  await page.locator("next-route-announcer").waitFor({ state: "attached" });
  await page.waitForFunction(
    (fieldIds) =>
      fieldIds.every((id) => {
        const field = document.getElementById(id);
        return field !== null && Object.keys(field).some((key) => key.startsWith("__reactProps$"));
      }),
    ids,
  );
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a new judge's name and prompt typed before hydration survive it and are what gets saved", async ({ page }) => {
  const name = `early-${unique()}`;
  const template = `Typed before the scripts came: is {{output}} right? PASS or FAIL (${name}).`;
  await signIn(page, account("reviewer"), "/judges");
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });

  const release = await holdScripts(page);
  await page.goto("/judges/new", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Judge name").fill(name);
  await page.getByLabel("Pinned model id").fill("gpt-4o-2024-08-06");
  await page.getByLabel("Prompt template").fill(template);
  // A submit to a server action is never held for hydration: React's form posts without the scripts.
  await expect(page.getByRole("button", { name: "Create judge" })).toBeEnabled();

  release();
  await hydrated(page, ["judge-name", "judge-template"]);
  await expect(page.getByLabel("Judge name")).toHaveValue(name);
  await expect(page.getByLabel("Pinned model id")).toHaveValue("gpt-4o-2024-08-06");
  await expect(page.getByLabel("Prompt template")).toHaveValue(template);

  await page.getByRole("button", { name: "Create judge" }).click();
  await expect(page.getByRole("heading", { name: `${name} v1` })).toBeVisible();
  await expect(page.locator("pre", { hasText: template })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a button only script can act on waits for hydration instead of losing the click", async ({ page }) => {
  await signIn(page, account("viewer"), "/runs");
  const release = await holdScripts(page);
  await page.goto("/runs", { waitUntil: "domcontentloaded" });
  // Sign out is an onClick: before the scripts it is disabled, so a click cannot vanish.
  const signOut = page.getByRole("button", { name: "Sign out" });
  await expect(signOut).toBeDisabled();
  // The runs filter is a plain GET form the browser sends by itself: usable at once.
  await expect(page.getByRole("button", { name: "Filter" })).toBeEnabled();

  release();
  await expect(signOut).toBeEnabled();
  await signOut.click();
  await expect(page).toHaveURL(/\/login/);
});
