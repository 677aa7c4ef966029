import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What `npm pack` would ship (its --dry-run list; lib/cli/install.db.test.ts packs and installs for
 * real) and what the documents tell people to type. npm's bare name `gavel` is another project's
 * package, so Gavel is published as @gavel-evals/gavel and no document runs `npx` with the bare name.
 */
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { name: string; bin: Record<string, string>; publishConfig?: unknown };

describe("the package", () => {
  it("is published under its scoped name, and installs the `gavel` command", () => {
    expect(pkg.name).toBe("@gavel-evals/gavel");
    expect(pkg.bin).toEqual({ gavel: "bin/gavel.mjs" });
    expect(pkg.publishConfig).toEqual({ access: "public" });
  });

  it("ships the compiled CLI, the Prisma schemas and migrations, and no sources, tests or source maps", { timeout: 60_000 }, () => {
    const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    const [pack] = JSON.parse(out) as { name: string; files: { path: string }[] }[];
    const files = pack!.files.map((file) => file.path);
    expect(pack!.name).toBe("@gavel-evals/gavel");
    for (const needed of [
      "bin/gavel.mjs",
      "dist/cli/main.mjs",
      "package.json",
      "prisma/schema.prisma",
      "prisma/postgres/schema.prisma",
      "scripts/postinstall.mjs",
    ])
      expect(files).toContain(needed);
    expect(files.some((file) => /^prisma\/migrations\/.+\/migration\.sql$/.test(file))).toBe(true);
    expect(files.some((file) => /^prisma\/postgres\/migrations\/.+\/migration\.sql$/.test(file))).toBe(true);
    // Only the two TypeScript files Prisma's CLI loads at `migrate deploy` time.
    expect(files.filter((file) => /\.tsx?$/.test(file)).sort()).toEqual([
      "lib/database-url.ts",
      "prisma.config.ts",
      "prisma/postgres/prisma.config.ts",
    ]);
    const unexpected = files.filter(
      (file) =>
        !/^(bin\/gavel\.mjs|dist\/cli\/(main\.mjs|meta\.json|chunks\/[\w-]+\.mjs)|prisma\/.+|package\.json|README\.md|prisma\.config\.ts|lib\/database-url\.ts|scripts\/postinstall\.mjs)$/.test(
          file,
        ),
    );
    expect(unexpected).toEqual([]);
    expect(files.filter((file) => file.endsWith(".map") || file.includes(".test."))).toEqual([]);
  });

  // npm 12 skips a dependency's install script unless package.json's allowScripts approves it, and without
  // better-sqlite3's or Prisma's the checkout does not work. npm before 11.16 has no `install-scripts`.
  const npmKnowsAllowScripts = (() => {
    try {
      execFileSync("npm", ["install-scripts", "--help"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  })();
  it.skipIf(!npmKnowsAllowScripts)(
    "approves every installed dependency's install script (npm 12 skips the others)",
    { timeout: 60_000 },
    () => {
      const out = execFileSync("npm", ["install-scripts", "ls", "--json"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
      const pending = (JSON.parse(out) as { allowScripts: { name: string }[] }).allowScripts.map((entry) => entry.name);
      expect(pending).toEqual([]);
    },
  );
});

describe("the documents", () => {
  const documents = [
    "README.md",
    "action.yml",
    ...readdirSync("docs")
      .filter((file) => file.endsWith(".md"))
      .map((file) => path.join("docs", file)),
    ...readdirSync("datasets", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) =>
        readdirSync(path.join("datasets", entry.name))
          .filter((file) => file === "README.md")
          .map((file) => path.join("datasets", entry.name, file)),
      ),
  ];

  it("never run `npx gavel` (npm's bare `gavel` is somebody else's package) nor install the bare name", () => {
    expect(documents.length).toBeGreaterThan(10);
    const offending = documents.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          /\bnpx (-y |--yes )?gavel\b|npm (install|i|add) (-D |--save-dev )?gavel\b/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offending).toEqual([]);
  });

  it("say how to install Gavel by its scoped name", () => {
    expect(readFileSync("README.md", "utf8")).toContain("npm install --save-dev @gavel-evals/gavel");
    expect(readFileSync("docs/ci.md", "utf8")).toContain("npm install --save-dev @gavel-evals/gavel");
  });
});
