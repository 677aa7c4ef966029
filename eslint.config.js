// Lint, including the architecture's boundaries (STYLE.md):
//  - only lib/db imports Prisma (or a database driver);
//  - lib/db, lib/auth and lib/judging are server-only: every module there imports "server-only";
//  - graders/ imports neither lib/db nor lib/auth;
//  - client components import neither.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const PRISMA_PATTERNS = [
  {
    regex: "^(@prisma/|prisma(/|$)|pg$|better-sqlite3$)|/generated/(sqlite|postgres)/",
    message: "Only lib/db talks to the database: call a function in lib/db/<aggregate>.ts instead.",
  },
];
const SERVER_PATTERNS = [{ regex: "(^|/)lib/(db|auth)(/|$)", message: "Graders are pure: they never reach the database or the session." }];

/** Every module of a server-only folder must say so, so a client import fails the build. */
const requireServerOnly = {
  meta: {
    type: "problem",
    schema: [],
    messages: { missing: 'Modules in lib/db, lib/auth and lib/judging must start with `import "server-only";`.' },
  },
  create(context) {
    return {
      Program(node) {
        const ok = node.body.some((statement) => statement.type === "ImportDeclaration" && statement.source.value === "server-only");
        if (!ok) context.report({ node, messageId: "missing" });
      },
    };
  },
};

/** A "use client" module must not reach server-only code. */
const noServerInClient = {
  meta: {
    type: "problem",
    schema: [],
    messages: { server: "A client component cannot import {{source}}: pass data from a server component or call a server action." },
  },
  create(context) {
    let client = false;
    return {
      Program(node) {
        const first = node.body[0];
        client = first?.type === "ExpressionStatement" && first.expression.type === "Literal" && first.expression.value === "use client";
      },
      ImportDeclaration(node) {
        if (!client || node.importKind === "type") return;
        const source = String(node.source.value);
        if (/(^|\/)lib\/(db|auth|judging)(\/|$)/.test(source) || source === "server-only")
          context.report({ node, messageId: "server", data: { source } });
      },
    };
  },
};

const gavel = { rules: { "require-server-only": requireServerOnly, "no-server-in-client": noServerInClient } };

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "dist/**",
      "lib/db/generated/**",
      "data/**",
      "results/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "**/*.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { process: "readonly", console: "readonly", Buffer: "readonly", URL: "readonly", fetch: "readonly" } },
    plugins: { gavel, "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "gavel/no-server-in-client": "error",
      "no-restricted-imports": ["error", { patterns: PRISMA_PATTERNS }],
    },
  },
  {
    // The data layer, and the Prisma CLI's own configuration files.
    files: ["lib/db/**", "prisma.config.ts", "prisma/postgres/prisma.config.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["lib/db/**/*.ts", "lib/auth/**/*.ts", "lib/judging/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "gavel/require-server-only": "error" },
  },
  {
    // The trace-fixture generator: plain Node scripts (CommonJS where the SDKs patch require), run by hand.
    files: ["scripts/trace-fixtures/**/*.{cjs,mjs}"],
    languageOptions: {
      globals: { require: "readonly", module: "writable", process: "readonly", console: "readonly", setTimeout: "readonly" },
    },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // The run engine takes its side effects injected (RunDeps): no database, no session.
    files: ["lib/engine/**", "lib/gates/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...PRISMA_PATTERNS,
            {
              regex: "((^|/)lib/|^(\\.\\./)+)(db|auth)(/|$)",
              message: "The engine is given its side effects (RunDeps); assemble database-backed deps in lib/cli.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["graders/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [...PRISMA_PATTERNS, ...SERVER_PATTERNS] }] },
  },
);
