import { expect, test } from "@playwright/test";
import { account, signIn } from "./helpers";

/**
 * The API page (/api-docs) is the OpenAPI description (/api/openapi.json) for people (issue #29): every
 * operation the description lists is on it by method and path, with who may call it (a session, a
 * Bearer token and its scopes, or anyone), its request body and every response with its body's shape,
 * the error shapes included.
 */
type Content = Record<string, { schema?: { $ref: string } }>;
interface DescribedOperation {
  operationId: string;
  security: Record<string, string[]>[];
  "x-gavel-scope": string | null;
  requestBody?: { content: Content };
  responses: Record<string, { description: string; content?: Content }>;
}

const schemaNames = (content: Content | undefined) =>
  Object.values(content ?? {}).flatMap((media) => (media.schema ? [media.schema.$ref.split("/").at(-1)!] : []));

test("the API page shows every operation of /api/openapi.json with its auth, bodies and responses", async ({ page, request }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, DescribedOperation>> };
  expect(document.openapi).toMatch(/^3\.1\.\d+$/);
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ ...operation, title: `${method.toUpperCase()} ${path}` })),
  );
  expect(operations.map((operation) => operation.title)).toEqual(expect.arrayContaining(["POST /api/runs", "GET /api/openapi.json"]));

  await signIn(page, account("viewer"), "/api-docs");
  await expect(page.getByRole("heading", { name: "API", exact: true })).toBeVisible();
  await expect(page.getByTestId("api-operation")).toHaveCount(operations.length);
  for (const operation of operations) {
    const card = page.locator(`[data-testid="api-operation"][id="${operation.operationId}"]`);
    await expect(card.getByRole("heading", { level: 3 }), operation.operationId).toHaveText(operation.title);

    // Who may call it, as the description's `security` says: anyone, a session, a Bearer token with its scopes.
    const schemes = new Map(operation.security.flatMap((requirement) => Object.entries(requirement)));
    const scope = operation["x-gavel-scope"];
    if (schemes.size === 0) await expect(card, operation.title).toContainText("Public: no session or token.");
    if (schemes.has("session")) await expect(card, operation.title).toContainText(`A signed-in session whose role allows ${scope}`);
    else if (scope) await expect(card, operation.title).toContainText("a session cookie is refused");
    if (schemes.has("bearer"))
      await expect(card, operation.title).toContainText(`an API token (Authorization: Bearer) with ${schemes.get("bearer")!.join(" or ")}`);
    else if (scope) await expect(card, operation.title).toContainText("API tokens are refused (403)");

    // The request body: its media types and the schema each links to.
    if (operation.requestBody) {
      const body = card.getByText(/^Body:/);
      for (const type of Object.keys(operation.requestBody.content)) await expect(body, operation.title).toContainText(type);
      for (const name of schemaNames(operation.requestBody.content))
        await expect(body.locator(`a[href="#schema-${name}"]`), operation.title).toHaveText(name);
    } else await expect(card.getByText(/^Body:/), operation.title).toHaveCount(0);

    // One row per response status, with the schema of its body (an error's included).
    const rows = card.getByRole("row");
    await expect(rows, operation.title).toHaveCount(Object.keys(operation.responses).length);
    for (const [i, [status, answer]] of Object.entries(operation.responses).entries()) {
      const row = rows.nth(i);
      await expect(row.getByRole("cell").first(), `${operation.title} ${status}`).toHaveText(status);
      await expect(row, `${operation.title} ${status}`).toContainText(answer.description);
      for (const name of schemaNames(answer.content))
        await expect(row.locator(`a[href="#schema-${name}"]`), `${operation.title} ${status}`).toHaveText(name);
    }
  }

  // Every linked schema is on the page: the error shapes a client must handle among them.
  const linked = new Set(
    operations.flatMap((operation) => [
      ...schemaNames(operation.requestBody?.content),
      ...Object.values(operation.responses).flatMap((answer) => schemaNames(answer.content)),
    ]),
  );
  expect([...linked]).toEqual(expect.arrayContaining(["Error", "ValidationError"]));
  for (const name of linked) await expect(page.locator(`details[id="schema-${name}"] > summary`), name).toHaveText(name);
  const validation = page.locator('details[id="schema-ValidationError"]');
  await validation.locator("summary").click();
  await expect(validation.locator("pre")).toContainText('"issues"');
});
