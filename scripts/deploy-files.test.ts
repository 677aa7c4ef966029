import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

/**
 * No Docker engine runs here, so the image is never built by a test (docs/deploy.md says so). These
 * checks keep the files saying what the docs promise; e2e/deploy.spec.ts runs what the image runs.
 */
describe("Dockerfile", () => {
  const text = readFileSync("Dockerfile", "utf8");
  const stages = text.split(/^FROM /m).slice(1);

  it("builds in one stage and runs in another, as an unprivileged user, with npm start", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const runtime = stages.at(-1)!;
    expect(runtime).toMatch(/^USER (node|\d+[1-9]\d*)$/m);
    expect(runtime).not.toMatch(/apt-get install|npm ci|npm run build/);
    expect(runtime).toMatch(/^ENV NODE_ENV=production/m);
    expect(runtime).toMatch(/^CMD \["npm", "start"\]$/m);
    expect(runtime).toMatch(/^HEALTHCHECK [\s\S]*\/api\/health/m);
    expect(stages[0]).toMatch(/npm run build/);
    expect(stages[0]).toMatch(/npm prune --omit=dev/);
  });

  it("uses a Node version the project supports", () => {
    const version = /^ARG NODE_VERSION=(\d+)\.(\d+)/m.exec(text)!;
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
    expect(`>=${version[1]}.${version[2]}`).toBe(pkg.engines.node);
  });
});

describe("docker-compose.yml", () => {
  const compose = parse(readFileSync("docker-compose.yml", "utf8")) as {
    services: Record<
      string,
      {
        image?: string;
        build?: string;
        environment?: Record<string, string>;
        depends_on?: Record<string, { condition: string }>;
        healthcheck?: unknown;
      }
    >;
  };

  it("runs the app on PostgreSQL, started once the database is healthy, with a required session secret", () => {
    const { app, db } = compose.services;
    expect(db!.image).toMatch(/^postgres:\d+/);
    expect(db!.healthcheck).toBeDefined();
    expect(app!.build).toBe(".");
    expect(app!.depends_on).toEqual({ db: { condition: "service_healthy" } });
    expect(app!.environment!.DATABASE_URL).toMatch(/^postgresql:\/\/gavel:.*@db:5432\/gavel$/);
    expect(app!.environment!.NEXTAUTH_SECRET).toMatch(/^\$\{NEXTAUTH_SECRET:\?/);
  });
});
