import { expect, test, type Page } from "@playwright/test";
import type { MockLlmServer } from "../lib/providers/mock-server";
import { mockLlmPerFile } from "../lib/testing/mock-llm-per-file";

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

/** A mock model server for the spec file that calls this, started before its tests and closed after them. */
export function specMockLlm(start: () => Promise<MockLlmServer>): MockLlmServer {
  return mockLlmPerFile({ beforeAll: (fn) => test.beforeAll(fn), afterAll: (fn) => test.afterAll(fn) }, start);
}
