import { readFileSync } from "node:fs";
import path from "node:path";
import { validateXML } from "xmllint-wasm";

/** Validates a JUnit file against Jenkins' junit-10.xsd with libxml2 (compiled to wasm: no native build, no network). */
export async function validateJunit(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const schema = readFileSync(path.resolve("lib/cli/report/fixtures/junit-10.xsd"), "utf8");
  const result = await validateXML({ xml: [{ fileName: "report.xml", contents: xml }], schema: [schema] });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}
