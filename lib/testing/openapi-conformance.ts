import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { OpenApiDocument } from "@/lib/openapi/document";

type Media = Record<string, { schema?: { $ref: string } }>;
type DescribedOperation = { requestBody?: { content: Media }; responses: Record<string, { content?: Media }> };

/**
 * Checks requests and answers seen on the wire against the OpenAPI description: the operation exists
 * (method and path template), the JSON body matches the request schema, the status is one the
 * operation lists and its JSON answer matches that status's schema. Returns each mismatch, worded.
 */
export function conformance(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, "openapi.json");
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    regex: new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`),
  }));
  const check = (ref: string | undefined, text: string, where: string): string[] => {
    if (!ref) return [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return [`${where}: not JSON`];
    }
    const validate = ajv.getSchema(`openapi.json${ref}`)!;
    return validate(value) ? [] : [`${where}: ${ajv.errorsText(validate.errors)}`];
  };
  return (exchange: {
    method: string;
    path: string;
    status: number;
    requestBody: string;
    responseBody: string;
    responseType: string | null;
  }): string[] => {
    const match = templates.find((t) => t.regex.test(exchange.path));
    const operation = match && (document.paths[match.template] as Record<string, DescribedOperation>)[exchange.method.toLowerCase()];
    const name = `${exchange.method} ${exchange.path}`;
    if (!operation) return [`${name}: not in the description`];
    const requestRef = operation.requestBody?.content["application/json"]?.schema?.$ref;
    const response = operation.responses[String(exchange.status)];
    if (!response) return [`${name}: answered ${exchange.status}, which the description does not list`];
    const json = exchange.responseType?.startsWith("application/json") ?? false;
    return [
      ...check(requestRef, exchange.requestBody, `${name} request`),
      ...(json
        ? check(response.content?.["application/json"]?.schema?.$ref, exchange.responseBody, `${name} ${exchange.status} answer`)
        : []),
    ];
  };
}
