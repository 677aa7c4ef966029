import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { account, signIn } from "./helpers";

/** The import page takes peer tools' files and traces from the real SDKs, recognising each by its content. */
test.describe.configure({ mode: "serial" });

const fixtures = path.join(import.meta.dirname, "../lib/transcripts/fixtures");

async function upload(page: Page, file: string, dir = fixtures) {
  await page
    .getByLabel("Transcript file")
    .setInputFiles({ name: path.basename(file), mimeType: "application/octet-stream", buffer: readFileSync(path.join(dir, file)) });
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
    "Inspect AI log (.json or .eval)",
    "Langfuse trace or observation export",
  ]);

  // No verdict is invented: promptfoo's assertion outcomes come in as scores, and the report says so.
  await upload(page, "peers/promptfoo-results.json");
  await expect(page.getByTestId("import-counts")).toContainText("Imported 3 transcripts: 3 new, 0 already stored.");
  await expect(page.getByTestId("import-counts")).not.toContainText("judge verdicts");
  const report = page.getByLabel("Import report");
  await expect(report.getByLabel("Skipped")).toContainText("errored (API error: 400 Bad Request");
  await expect(report.getByLabel("Scores")).toContainText("kept as scores: no verdict was made");
  await expect(report.getByRole("row", { name: /llm-rubric/ })).toContainText("none");

  // The same file with the judge named: its llm-rubric outcomes become verdicts, nothing is stored twice.
  await page.getByText("Make judge verdicts from the file's scores (optional)").click();
  await page.getByLabel("Score", { exact: true }).fill("llm-rubric");
  await page.getByLabel("Passes when").fill("==true");
  await upload(page, "peers/promptfoo-results.json");
  await expect(page.getByTestId("import-counts")).toContainText(
    "Imported 3 transcripts: 0 new, 3 already stored; judge verdicts: 2 new, 0 already stored.",
  );
  await expect(report.getByRole("row", { name: /llm-rubric/ })).toContainText("promptfoo-llm-rubric: 2 pass, 0 fail");
  await page.getByLabel("Score", { exact: true }).fill("");
  await page.getByLabel("Passes when").fill("");

  // Inspect's default .eval log (a zip archive) is read from its bytes.
  await upload(page, "inspect-ai/log_read_sample.eval", path.join(import.meta.dirname, "../lib/transcripts/corpus"));
  await expect(page.getByTestId("import-counts")).toContainText("Imported 1 transcript: 1 new, 0 already stored.");

  await upload(page, "traces/otel-chat-logs.jsonl");
  await expect(page.getByTestId("import-counts")).toContainText("Imported 1 transcript: 1 new, 0 already stored.");
  await expect(page.getByRole("list", { name: "Import notes" })).toContainText("1 span skipped (not GenAI: GET)");

  // Chosen by hand, a format that does not fit is refused with its reasons, and nothing is written.
  await page.getByLabel("Format").selectOption("inspect");
  await upload(page, "peers/openai-chat.jsonl");
  await expect(page.getByRole("alert", { name: "Import problems" })).toContainText("nothing was imported");
});
