import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ITEM_KIND_DEFINITIONS, ITEM_KINDS, itemKindChoices, itemKindList, kindCategories, labelValues } from "./kinds";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The members of `enum ItemKind { … }` in a Prisma schema, comments left out. */
function prismaEnum(schemaFile: string): string[] {
  const text = readFileSync(path.join(ROOT, schemaFile), "utf8");
  const body = /enum ItemKind \{([^}]*)\}/.exec(text)?.[1];
  if (body === undefined) throw new Error(`${schemaFile} declares no ItemKind enum`);
  return body
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("//"));
}

describe("the item-kind registry", () => {
  it("has exactly one entry per kind, and the kinds are the database's enum (SQLite and Postgres)", () => {
    expect(Object.keys(ITEM_KIND_DEFINITIONS).sort()).toEqual([...ITEM_KINDS].sort());
    expect(prismaEnum("prisma/schema.prisma")).toEqual([...ITEM_KINDS]);
    expect(prismaEnum("prisma/postgres/schema.prisma")).toEqual([...ITEM_KINDS]);
  });

  it("gives each kind its own parser", () => {
    const parsers = ITEM_KINDS.map((k) => ITEM_KIND_DEFINITIONS[k].parser);
    expect(new Set(parsers).size).toBe(ITEM_KINDS.length);
  });

  it("round-trips every fixed value: normalize, verdict, choice and numeric agree on it", () => {
    for (const kind of ITEM_KINDS) {
      const definition = ITEM_KIND_DEFINITIONS[kind];
      for (const value of labelValues(kind)) {
        expect(definition.normalize(` ${value} `)).toBe(value);
        expect(definition.verdict(value)).toBe(value);
        expect(Number.isFinite(definition.numeric(value))).toBe(true);
        expect(definition.choice(value).key).not.toMatch(/^[su?]$/);
      }
      if (definition.positive !== null) expect(labelValues(kind)).toContain(definition.positive);
    }
  });

  it("reads pass / fail, A / B and whole scores as before", () => {
    expect(ITEM_KIND_DEFINITIONS.binary.normalize("PASS")).toBe("pass");
    expect(ITEM_KIND_DEFINITIONS.pairwise.normalize("b")).toBe("B");
    expect(ITEM_KIND_DEFINITIONS.graded.normalize("4.0")).toBe("4");
    expect(ITEM_KIND_DEFINITIONS.graded.normalize("4.5")).toBe("4.5");
    expect(ITEM_KIND_DEFINITIONS.graded.verdict("4.0")).toBeNull();
    expect(ITEM_KIND_DEFINITIONS.binary.verdict("maybe")).toBeNull();
  });

  it("lists values in button order and categories in statistics order", () => {
    expect(labelValues("binary")).toEqual(["pass", "fail"]);
    expect(kindCategories("binary", null)).toEqual(["fail", "pass"]);
    expect(kindCategories("pairwise", null)).toEqual(["A", "B"]);
    expect(kindCategories("graded", null)).toBeNull();
    expect(kindCategories("graded", { min: 0, max: 2 })).toEqual(["0", "1", "2"]);
    expect(labelValues("graded", { min: null, max: 3 })).toEqual(["1", "2", "3"]);
  });

  it("names the kinds for messages", () => {
    expect(itemKindList()).toBe('"binary", "pairwise" or "graded"');
    expect(itemKindChoices()).toBe("binary (pass / fail), pairwise (A or B better) or graded (a score)");
  });
});
