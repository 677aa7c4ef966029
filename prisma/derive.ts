/**
 * prisma/schema.prisma (SQLite) is the one source of truth. The PostgreSQL schema is derived
 * from it: only the datasource provider and the generated client's folder differ.
 */
export function derivePostgresSchema(sqliteSchema: string): string {
  const header = "// GENERATED from prisma/schema.prisma by `npm run db:derive`: do not edit by hand.\n";
  let out = sqliteSchema;
  out = replaceOnce(out, /provider\s*=\s*"sqlite"/, 'provider = "postgresql"');
  out = replaceOnce(out, /output(\s*)=\s*"\.\.\/lib\/db\/generated\/sqlite"/, 'output$1= "../../lib/db/generated/postgres"');
  return header + out;
}

function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  const matches = text.match(new RegExp(pattern.source, "g"));
  if (!matches || matches.length !== 1) {
    throw new Error(`prisma/schema.prisma: expected exactly one match of ${pattern}, found ${matches?.length ?? 0}`);
  }
  return text.replace(pattern, replacement);
}
