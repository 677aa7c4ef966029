import { describe, expect, it } from "vitest";
import { lineProgress } from "./progress";

function sink() {
  const lines: string[] = [];
  return { lines, stream: { write: (s: string) => lines.push(s.trimEnd()) } as unknown as NodeJS.WritableStream };
}

describe("plain progress lines (not a terminal)", () => {
  it("prints the start, each tenth and the end, never a carriage return", () => {
    const { lines, stream } = sink();
    let t = 0;
    const p = lineProgress(stream, () => t, "trials");
    for (let done = 0; done <= 100; done++) {
      p.update(done, 100);
      t += 10;
    }
    p.stop();
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe("progress: 0/100 trials (0%) · 0.0 s");
    expect(lines[5]).toMatch(/^progress: 50\/100 trials \(50%\) · 0\.5 s · eta 0\.5 s$/);
    expect(lines.at(-1)).toMatch(/^progress: 100\/100 trials \(100%\)/);
    expect(lines.join("")).not.toContain("\r");
  });

  it("prints at least every 5 seconds when progress is slow", () => {
    const { lines, stream } = sink();
    let t = 0;
    const p = lineProgress(stream, () => t, "trials");
    p.update(0, 1000);
    for (let done = 1; done <= 5; done++) {
      t += 3000;
      p.update(done, 1000);
    }
    expect(lines.length).toBe(3); // at 0, then at 6 s and 12 s
  });
});
