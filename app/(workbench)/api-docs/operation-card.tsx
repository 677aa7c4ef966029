import { Badge } from "@/app/_components/ui/badge";
import { Card } from "@/app/_components/ui/card";

type Content = Record<string, { schema?: { $ref: string } }>;

export interface DescribedOperation {
  path: string;
  method: string;
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { description?: string; content: Content };
  responses: Record<string, { description: string; content?: Content }>;
}

function SchemaLinks({ content }: { content: Content }) {
  return (
    <>
      {Object.entries(content).map(([type, media]) => {
        const name = media.schema?.$ref.split("/").at(-1);
        return (
          <span key={type} className="mr-3 text-xs text-stone-600">
            <code>{type}</code>
            {name ? (
              <>
                {" "}
                <a className="font-mono text-indigo-700 underline" href={`#schema-${name}`}>
                  {name}
                </a>
              </>
            ) : null}
          </span>
        );
      })}
    </>
  );
}

/** One operation of the OpenAPI description: method and path, auth, parameters, body, responses. */
export function OperationCard({ operation }: { operation: DescribedOperation }) {
  return (
    <Card id={operation.operationId} data-testid="api-operation" className="px-5 py-4">
      <h3 className="flex flex-wrap items-center gap-2">
        <Badge tone={operation.method === "get" ? "info" : "good"}>{operation.method.toUpperCase()}</Badge>{" "}
        <code className="text-sm font-semibold text-stone-900">{operation.path}</code>
      </h3>
      <p className="mt-1 text-sm text-stone-700">{operation.summary}</p>
      {operation.description.split("\n\n").map((paragraph) => (
        <p key={paragraph} className="mt-1 text-sm text-stone-600">
          {paragraph}
        </p>
      ))}
      {operation.parameters.length ? (
        <p className="mt-2 text-xs text-stone-600">
          Parameters:{" "}
          {operation.parameters.map((p) => (
            <code key={`${p.in}-${p.name}`} className="mr-2">
              {p.name} ({p.in}
              {p.required ? ", required" : ""})
            </code>
          ))}
        </p>
      ) : null}
      {operation.requestBody ? (
        <p className="mt-2 text-xs text-stone-600">
          Body: {operation.requestBody.description ? `${operation.requestBody.description} ` : null}
          <SchemaLinks content={operation.requestBody.content} />
        </p>
      ) : null}
      <table className="mt-3 w-full text-left text-xs">
        <tbody>
          {Object.entries(operation.responses).map(([status, response]) => (
            <tr key={status} className="border-t border-stone-100 align-top">
              <td className="w-12 py-1 font-mono font-semibold">{status}</td>
              <td className="py-1 text-stone-700">
                {response.description} {response.content ? <SchemaLinks content={response.content} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
