import { ExportResultCode, type ExportResult } from "@opentelemetry/core";
import { OTLPTraceExporter as ProtoExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-base";
import { expect, test } from "@playwright/test";
import { recordConversation } from "../lib/testing/otel-spans";
import { account, signIn } from "./helpers";
import { seedQueue, storedLabels, unique } from "./seed";

/**
 * Live ingestion end to end: an application's OpenTelemetry JS SDK sends GenAI-instrumented
 * conversations with its own OTLP/HTTP exporters (protobuf and JSON) to the running Gavel with a
 * token made in the browser; a routing rule made on the Live traces page puts them in a label set,
 * where a reviewer labels one.
 */
test.describe.configure({ mode: "serial" });

const tag = unique();
const service = `shop-${tag}`;
let token = "";
let queueId = "";

function send(exporter: SpanExporter, spans: ReadableSpan[]): Promise<ExportResult> {
  return new Promise((resolve) => exporter.export(spans, resolve));
}

test("an admin makes a traces:ingest token and a routing rule into a label set", async ({ page }) => {
  queueId = seedQueue({ name: `live-${tag}`, items: [] }).queueId;
  await signIn(page, account("admin"), "/users/tokens");
  await page.getByLabel("Name").fill(`e2e ingest ${tag}`);
  await page.getByRole("checkbox", { name: /runs:write/ }).uncheck();
  await page.getByRole("checkbox", { name: /traces:ingest/ }).check();
  await page.getByRole("button", { name: "Create token" }).click();
  token = (await page.getByTestId("new-token").textContent())!.trim();
  expect(token).toMatch(/^gvl_/);

  await page.goto("/label/routing");
  await expect(page.getByRole("heading", { name: "Live traces" })).toBeVisible();
  const form = page.getByRole("form", { name: "New routing rule" });
  await form.getByLabel("Name", { exact: true }).fill(`support ${tag}`);
  await form.getByLabel("Label set").selectOption({ label: `live-${tag}` });
  await form.getByLabel(/Service name/).fill(service);
  await form.getByRole("button", { name: "Add rule" }).click();
  await expect(form.getByText(`Rule "support ${tag}" created`)).toBeVisible();
  await expect(page.getByTestId(`rule-row-support ${tag}`)).toContainText(service);
});

test("the SDK's protobuf and JSON exporters deliver conversations, one of them split over two requests", async ({ baseURL }) => {
  const options = { url: `${baseURL}/v1/traces`, headers: { Authorization: `Bearer ${token}` } };
  const proto = new ProtoExporter(options);
  const json = new JsonExporter(options);

  const split = recordConversation(`Where is order ${tag}-1?`, `Order ${tag}-1 ships tomorrow.`, service);
  const whole = recordConversation(`Cancel plan ${tag}-2`, `Plan ${tag}-2 is cancelled.`, service);
  const elsewhere = recordConversation(`Weather ${tag}-3?`, "Sunny.", `weather-${tag}`);
  // The chat span by protobuf now, its parent agent span by JSON in a later request.
  expect(
    (
      await send(
        proto,
        split.filter((s) => s.name.startsWith("chat")),
      )
    ).code,
  ).toBe(ExportResultCode.SUCCESS);
  expect(
    (
      await send(
        json,
        split.filter((s) => !s.name.startsWith("chat")),
      )
    ).code,
  ).toBe(ExportResultCode.SUCCESS);
  expect((await send(json, whole)).code).toBe(ExportResultCode.SUCCESS);
  expect((await send(proto, elsewhere)).code).toBe(ExportResultCode.SUCCESS);

  const refused = new ProtoExporter({ ...options, headers: { Authorization: "Bearer gvl_not-a-token" } });
  expect((await send(refused, recordConversation("x", "y", service))).code).toBe(ExportResultCode.FAILED);
  await Promise.all([proto.shutdown(), json.shutdown(), refused.shutdown()]);
});

test("the raw endpoint speaks OTLP/HTTP: 415 for other types, 400 with a Status for a malformed body, 401 without a token", async ({
  request,
}) => {
  const auth = { Authorization: `Bearer ${token}` };
  const text = await request.post("/v1/traces", { headers: { ...auth, "content-type": "text/plain" }, data: "hello" });
  expect(text.status()).toBe(415);
  const bad = await request.post("/v1/traces", { headers: { ...auth, "content-type": "application/json" }, data: '{"resourceSpans": 1}' });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ code: 3, message: expect.stringContaining("resourceSpans must be a list") });
  const anonymous = await request.post("/v1/traces", { headers: { "content-type": "application/json" }, data: "{}" });
  expect(anonymous.status()).toBe(401);
});

test("once idle, the traces become transcripts in the routed label set, and a reviewer labels one", async ({ page }) => {
  await signIn(page, account("admin"), "/label/routing");
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId(`rule-row-support ${tag}`).getByRole("cell").nth(5)).toHaveText("2", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("table", { name: "Recent traces" })).toContainText(`weather-${tag}`);

  await page.goto(`/label/${queueId}/item`);
  const prompt = page.getByText(new RegExp(`Where is order ${tag}-1\\?|Cancel plan ${tag}-2`)).first();
  await expect(prompt).toBeVisible();
  await expect(page.getByTestId("final-output")).toContainText(new RegExp(`Order ${tag}-1 ships tomorrow|Plan ${tag}-2 is cancelled`));
  await page.getByRole("button", { name: /^Pass/ }).click();
  await expect.poll(() => storedLabels(queueId).labels.length).toBe(1);
  expect(storedLabels(queueId).labels[0]).toMatchObject({ value: "pass", reviewer: account("admin").email });
});
