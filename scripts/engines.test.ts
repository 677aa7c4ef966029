import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

type Locked = { engines?: { node?: string } | string[]; os?: string[]; cpu?: string[] };
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, Locked> };

/** npm checks engines only for packages it installs here: platform-specific optional builds for other systems are skipped. */
const installedHere = (info: Locked) => (!info.os || info.os.includes(process.platform)) && (!info.cpu || info.cpu.includes(process.arch));

function refusing(version: string): string[] {
  return Object.entries(lock.packages)
    .filter(([where, info]) => where !== "" && installedHere(info))
    .flatMap(([where, info]) => {
      const range = Array.isArray(info.engines) ? undefined : info.engines?.node;
      return range && !semver.satisfies(version, range) ? [`${where.replace(/^node_modules\//, "")} needs node ${range}`] : [];
    });
}

describe("Node engines", () => {
  it("every locked dependency accepts the oldest Node the project promises and the one running (npm prints no EBADENGINE)", () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    expect(oldest).toBe("20.19.0");
    expect(refusing(oldest)).toEqual([]);
    expect(refusing(process.version)).toEqual([]);
  });
});
