import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The labeling hot path is raw SQL, which Prisma never checks: a renamed column would fail only at
 * run time, and only on the database whose statement runs. So every quoted name in those
 * statements is checked here against the tables and columns of both Prisma schemas (the SQLite
 * source of truth and the derived PostgreSQL one), with table aliases resolved.
 */
interface Schema {
  tables: Map<string, Set<string>>;
  enums: Set<string>;
}

const SCALARS = new Set(["String", "Int", "BigInt", "Float", "Decimal", "Boolean", "DateTime", "Json", "Bytes"]);

function parseSchema(file: string): Schema {
  const source = readFileSync(file, "utf8");
  const enums = new Set([...source.matchAll(/^enum (\w+) \{/gm)].map((m) => m[1]!));
  const tables = new Map<string, Set<string>>();
  for (const block of source.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const [, model, body] = block;
    const table = /@@map\("(\w+)"\)/.exec(body!)?.[1] ?? model!;
    const columns = new Set<string>();
    for (const line of body!.split("\n")) {
      const field = /^\s+(\w+)\s+(\w+)(\[\])?(\?)?/.exec(line);
      if (!field || line.trim().startsWith("//") || line.trim().startsWith("@@")) continue;
      const [, name, type, list] = field;
      if (list || !(SCALARS.has(type!) || enums.has(type!))) continue;
      columns.add(/@map\("(\w+)"\)/.exec(line)?.[1] ?? name!);
    }
    tables.set(table, columns);
  }
  return { tables, enums };
}

/** The bodies of every template literal in a module (the SQL is written in them), without their `${…}` parts. */
function templateBodies(source: string): string[] {
  return [...source.matchAll(/`((?:[^`\\]|\\.)*)`/g)].map((m) => m[1]!.replace(/\$\{[^}]*\}/g, " "));
}

interface Use {
  file: string;
  alias: string | null;
  name: string;
}

function quotedNames(file: string, source = readFileSync(file, "utf8")): { uses: Use[]; aliases: Map<string, string> } {
  const uses: Use[] = [];
  const aliases = new Map<string, string>();
  for (const body of templateBodies(source)) {
    for (const m of body.matchAll(/"(\w+)"\s+(?:AS\s+)?([a-z]\w*)\b/g)) {
      if (!/^(WHERE|ON|SET|SELECT|FROM|JOIN|AND|OR|VALUES|DO|RETURNING|LIMIT|ORDER|GROUP|USING|INNER|LEFT|CROSS|UNION|AS)$/i.test(m[2]!))
        aliases.set(m[2]!, m[1]!);
    }
    for (const m of body.matchAll(/(?:(\w+)\.)?"(\w+)"/g)) {
      const before = body.slice(Math.max(0, m.index - 4), m.index);
      // Names a statement gives its own result columns are not schema names.
      if (/AS\s$/i.test(before)) continue;
      uses.push({ file: path.basename(file), alias: m[1] ?? null, name: m[2]! });
    }
  }
  return { uses, aliases };
}

function problems(schema: Schema, file: string, source?: string): string[] {
  const everyColumn = new Set([...schema.tables.values()].flatMap((c) => [...c]));
  const found: string[] = [];
  const name = path.basename(file);
  const { uses, aliases } = quotedNames(file, source);
  for (const use of uses) {
    const table = use.alias ? aliases.get(use.alias) : undefined;
    if (table && schema.tables.has(table)) {
      if (!schema.tables.get(table)!.has(use.name)) found.push(`${name}: ${use.alias}."${use.name}" (${table} has no such column)`);
    } else if (!schema.tables.has(use.name) && !schema.enums.has(use.name) && !everyColumn.has(use.name)) {
      found.push(`${name}: "${use.name}" is no table, enum or column`);
    }
  }
  for (const [alias, table] of aliases) if (!schema.tables.has(table)) found.push(`${name}: alias ${alias} of unknown table "${table}"`);
  return found;
}

const dir = import.meta.dirname;
const modules = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
const schemas = {
  sqlite: withRawObjects(parseSchema(path.join(dir, "../../../prisma/schema.prisma"))),
  postgres: withRawObjects(parseSchema(path.join(dir, "../../../prisma/postgres/schema.prisma"))),
};

/**
 * What migrations create in raw SQL, beyond the schema (lib/db/drift.ts RAW_OBJECTS): the text search's
 * FTS5 table on SQLite, joined to transcripts by rowid. The statements naming them run on SQLite only
 * (browse.ts textSearch), but this check cannot tell the dialects' statements apart.
 */
function withRawObjects(schema: Schema): Schema {
  schema.tables.set("transcript_text", new Set(["rowid", "task_prompt", "final_output", "transcript_text"]));
  schema.tables.get("transcripts")?.add("rowid");
  return schema;
}

describe("raw SQL in lib/db/labeling names only tables and columns both schemas have", () => {
  it("finds the statements it checks", () => {
    const all = modules.flatMap((f) => quotedNames(path.join(dir, f)).uses);
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((u) => u.alias === "qi" && u.name === "label_count")).toBe(true);
  });

  for (const [provider, schema] of Object.entries(schemas)) {
    it(`${provider}: every quoted name is a table, an enum, or a column of the aliased table`, () => {
      expect(modules.flatMap((file) => problems(schema, path.join(dir, file)))).toEqual([]);
    });
  }

  it("names a misspelt column, a column of another table and an unknown table", () => {
    const source =
      'const q = `SELECT qi."labels_count", t."value" FROM "queue_items" qi JOIN "transcripts" t ON t."id" = qi."transcript_id" JOIN "queue_item" x ON 1 = 1`;';
    expect(problems(schemas.sqlite, "fake.ts", source)).toEqual([
      'fake.ts: qi."labels_count" (queue_items has no such column)',
      'fake.ts: t."value" (transcripts has no such column)',
      'fake.ts: "queue_item" is no table, enum or column',
      'fake.ts: alias x of unknown table "queue_item"',
    ]);
  });
});
