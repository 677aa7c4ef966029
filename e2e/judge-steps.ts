import { expect, test, type Page } from "@playwright/test";
import type { MockLlmServer } from "../lib/providers/mock-server";

/** A pass/fail judge spec against a mock OpenAI-compatible server at `baseUrl`. */
export function passFailSpec(
  model: string,
  baseUrl: string,
  promptTemplate = "Task: {{task_prompt}}\nOutput: {{output}}\nAnswer PASS or FAIL, a colon and a reason.",
) {
  return { provider: "openai", model, baseUrl, promptTemplate, parser: "pass_fail" };
}

/**
 * On a judge version's page: "Run and calibrate" on one label set's split, waiting (up to `timeout` ms:
 * the page waits for every judge call) for the result that names the split.
 */
export async function runAndCalibrate(page: Page, queueId: string, split: "dev" | "test" = "test", timeout = 60_000) {
  const form = page.getByRole("form", { name: "Run and calibrate" });
  await form.getByLabel("Label set").selectOption(queueId);
  await form.getByLabel("Split").selectOption(split);
  await form.getByRole("button", { name: "Run and calibrate" }).click();
  await expect(page.getByTestId("run-result")).toContainText(`${split}: `, { timeout });
}

/** Calibrates a version on a label set's test split, then approves it (both clicks) and checks that it now gates. */
export async function calibrateAndApprove(page: Page, versionId: string, queueId: string, timeout = 60_000) {
  await page.goto(`/judges/versions/${versionId}`);
  await runAndCalibrate(page, queueId, "test", timeout);
  await page.reload();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("button", { name: "Confirm approval" }).click();
  await expect(page.getByTestId("approval-status")).toContainText("may gate: its verdicts count");
}

/**
 * A mock model server for the spec file that calls this: `start` runs before its tests and the server
 * closes after them. The returned object reads through to the started server (`server.baseUrl`).
 */
export function specMockLlm(start: () => Promise<MockLlmServer>): MockLlmServer {
  let server: MockLlmServer | undefined;
  test.beforeAll(async () => {
    server = await start();
  });
  test.afterAll(() => server?.close());
  const started = () => {
    if (!server) throw new Error("The mock model server starts in beforeAll: read it inside a test.");
    return server;
  };
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    get port() {
      return started().port;
    },
    get requests() {
      return started().requests;
    },
    close: () => started().close(),
  };
}
