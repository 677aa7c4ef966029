import type { Metadata } from "next";
import { Card, CardHeader } from "@/app/_components/ui/card";
import { PageHeader } from "@/app/_components/ui/page-header";
import { requireUser } from "@/lib/auth/session";
import { openApiDocument } from "@/lib/openapi/document";
import { version } from "@/package.json";
import { OperationCard, type DescribedOperation } from "./operation-card";

export const metadata: Metadata = { title: "API" };

/** The OpenAPI description (GET /api/openapi.json) as a page: every route, its auth, bodies and errors. */
export default async function ApiDocsPage() {
  await requireUser();
  const document = openApiDocument(version);
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, ...(operation as Omit<DescribedOperation, "path" | "method">) })),
  );
  const tags = [...new Set(operations.map((operation) => operation.tags[0]!))];
  return (
    <>
      <PageHeader
        title="API"
        description={
          <>
            Gavel&apos;s HTTP API, for CI, scripts and generated clients. The machine-readable description is{" "}
            <a className="text-indigo-700 underline" href="/api/openapi.json">
              /api/openapi.json
            </a>{" "}
            (OpenAPI {document.openapi}, version {document.info.version}); it is generated from the validators the routes use. Tokens:{" "}
            {document.components.securitySchemes.bearer.description}
          </>
        }
      />
      <div className="space-y-8">
        {tags.map((tag) => (
          <section key={tag} aria-labelledby={`tag-${tag}`}>
            <h2 id={`tag-${tag}`} className="mb-3 text-lg font-semibold text-stone-900">
              {tag}
            </h2>
            <div className="space-y-4">
              {operations
                .filter((operation) => operation.tags[0] === tag)
                .map((operation) => (
                  <OperationCard key={operation.operationId} operation={operation} />
                ))}
            </div>
          </section>
        ))}
        <Card>
          <CardHeader title="Schemas" description="Request and response bodies, as JSON Schema (2020-12)." />
          <div className="divide-y divide-stone-100">
            {Object.entries(document.components.schemas).map(([name, schema]) => (
              <details key={name} id={`schema-${name}`} className="px-5 py-2">
                <summary className="cursor-pointer font-mono text-sm text-stone-800">{name}</summary>
                <pre className="mt-2 max-h-96 overflow-auto rounded bg-stone-50 p-3 text-xs">{JSON.stringify(schema, null, 2)}</pre>
              </details>
            ))}
          </div>
        </Card>
      </div>
    </>
  );
}
