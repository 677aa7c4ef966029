import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

/**
 * These checks keep the files saying what the docs promise. The image itself was built and run with
 * Docker here (docs/deploy.md, "Built here"); scripts/check-image.sh runs the image's steps in a clean
 * folder without an engine, and e2e/deploy.spec.ts runs what the image runs.
 */
describe("Dockerfile", () => {
  const text = readFileSync("Dockerfile", "utf8");
  const stages = text.split(/^FROM /m).slice(1);

  it("builds in earlier stages and runs in the last, as an unprivileged user, with an init and node (never npm) as the command", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const runtime = stages.at(-1)!;
    const building = stages.slice(0, -1).join("\n");
    expect(runtime).toMatch(/^USER (node|\d+[1-9]\d*)$/m);
    expect(runtime).not.toMatch(/npm ci|npm run build|g\+\+/);
    expect(runtime).toMatch(/^ENV NODE_ENV=production/m);
    expect(runtime).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "-g", "--"\]$/m);
    expect(runtime).toMatch(/^CMD \["node", "--conditions=react-server", "--import", "tsx", "scripts\/start\.ts"\]$/m);
    expect(runtime).not.toMatch(/^CMD \["npm"/m);
    expect(runtime).toMatch(/^HEALTHCHECK [\s\S]*\/api\/health/m);
    expect(runtime).not.toMatch(/COPY --from=build \/app \/app|COPY --from=build \/app\/app /);
    expect(building).toMatch(/npm run build/);
    expect(building).toMatch(/npm prune --omit=dev/);
  });

  it("installs from the manifests alone, then generates Prisma from its inputs, and only then copies the sources", () => {
    const at = (pattern: RegExp) => {
      const index = text.search(pattern);
      expect(index, String(pattern)).toBeGreaterThan(-1);
      return index;
    };
    const manifests = at(/^COPY package\.json package-lock\.json \.\/$/m);
    const install = at(/^RUN npm ci /m);
    const prisma = at(/^COPY prisma \.\/prisma$/m);
    const generate = at(/prisma\/build\/index\.js generate/);
    const sources = at(/^COPY \. \.$/m);
    expect(manifests).toBeLessThan(install);
    expect(install).toBeLessThan(prisma);
    expect(prisma).toBeLessThan(generate);
    expect(generate).toBeLessThan(sources);
    expect(text.slice(0, install)).not.toMatch(/^COPY (?!package\.json package-lock\.json)/m);
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
        command?: string[];
        profiles?: string[];
        ports?: string[];
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

  it("has a scalable worker (the same image, `gavel worker`, no fixed port or name) and an optional local model", () => {
    const { app, worker, "local-model": model } = compose.services;
    expect(worker!.image).toBe(app!.image);
    expect(worker!.command!.slice(0, 3)).toEqual(["node", "/app/bin/gavel.mjs", "worker"]);
    expect(worker!.environment!.DATABASE_URL).toBe(app!.environment!.DATABASE_URL);
    expect(worker!.ports).toBeUndefined(); // --scale worker=N would collide on a published port
    expect((worker as { container_name?: string }).container_name).toBeUndefined();
    expect(model!.profiles).toEqual(["local-model"]);
    expect(app!.environment!.GAVEL_JUDGE_HOSTS).toContain("local-model:11434");
  });
});
