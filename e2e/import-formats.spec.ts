import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { account, signIn } from "./helpers";

/** The import page takes peer tools' files and traces from the real SDKs, recognising each by its content. */
test.describe.configure({ mode: "serial" });

const fixtures = path.join(import.meta.dirname, "../lib/transcripts/fixtures");

async function upload(page: Page, file: string) {
  await page
    .getByLabel("Transcript file")
    .setInputFiles({ name: path.basename(file), mimeType: "application/json", buffer: readFileSync(path.join(fixtures, file)) });
  await page.getByRole("button", { name: "Import" }).click();
}

test("a promptfoo results file and an OpenTelemetry export with an unrelated span import from the web page", async ({ page }) => {
  await signIn(page, account("admin"), "/label/import");
  await expect(page.getByLabel("Format").locator("option")).toHaveText([
    "Detect from the file",
    "Gavel JSONL transcripts",
    "OpenTelemetry traces (OTLP JSON)",
    'OpenAI chat JSONL ({"messages": [...]} per line)',
    "promptfoo results.json",
    "Inspect AI log (.json)",
    "Langfuse trace or observation export",
  ]);

  await upload(page, "peers/promptfoo-results.json");
  await expect(page.getByTestId("import-counts")).toContainText(
    "Imported 3 transcripts: 3 new, 0 already stored; judge verdicts: 3 new, 0 already stored.",
  );
  await expect(page.getByRole("list", { name: "Import notes" })).toContainText("1 result skipped: errored (the provider failed)");

  await upload(page, "traces/otel-chat-logs.jsonl");
  await expect(page.getByTestId("import-counts")).toContainText("Imported 1 transcript: 1 new, 0 already stored.");
  await expect(page.getByRole("list", { name: "Import notes" })).toContainText("1 span skipped (not GenAI: GET)");

  // Chosen by hand, a format that does not fit is refused with its reasons, and nothing is written.
  await page.getByLabel("Format").selectOption("inspect");
  await upload(page, "peers/openai-chat.jsonl");
  await expect(page.getByRole("alert", { name: "Import problems" })).toContainText("nothing was imported");
});
