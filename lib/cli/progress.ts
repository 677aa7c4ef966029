import cliProgress from "cli-progress";

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

/**
 * Progress on stderr. A bar when a person watches a terminal; otherwise (CI logs, a pipe) plain
 * lines — at the start, every 10% or 5 s, whichever comes first, and at the end — since a bar's
 * carriage returns turn a log into one unreadable line.
 */
export function createProgress(
  stream: NodeJS.WriteStream,
  options: { interactive?: boolean; now?: () => number; label?: string } = {},
): Progress {
  const interactive = options.interactive ?? Boolean(stream.isTTY && process.stdout.isTTY);
  return interactive ? barProgress(stream) : lineProgress(stream, options.now ?? Date.now, options.label ?? "trials");
}

function barProgress(stream: NodeJS.WriteStream): Progress {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: "{bar} {value}/{total} trials · {duration_formatted} · eta {eta_formatted}",
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  let stopped = false;
  return {
    update(done, total) {
      if (stopped) return;
      if (!started) {
        bar.start(total, done);
        started = true;
      } else bar.update(done);
    },
    stop() {
      if (started && !stopped) bar.stop();
      stopped = true;
    },
  };
}

const seconds = (ms: number) =>
  ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

export function lineProgress(stream: NodeJS.WritableStream, now: () => number, label: string): Progress {
  let start: number | null = null;
  let lastAt = 0;
  let lastShare = -1;
  let last: { done: number; total: number } | null = null;
  let stopped = false;
  const print = (done: number, total: number) => {
    const elapsed = now() - start!;
    const share = total ? done / total : 1;
    const eta = done > 0 && done < total ? ` · eta ${seconds((elapsed / done) * (total - done))}` : "";
    stream.write(`progress: ${done}/${total} ${label} (${Math.floor(share * 100)}%) · ${seconds(elapsed)}${eta}\n`);
    lastAt = now();
    lastShare = Math.floor(share * 10);
  };
  return {
    update(done, total) {
      if (stopped) return;
      start ??= now();
      last = { done, total };
      const tenth = Math.floor((total ? done / total : 1) * 10);
      if (lastShare < 0 || tenth > lastShare || now() - lastAt >= 5000 || done === total) {
        if (done === total && lastShare === 10) return;
        print(done, total);
      }
    },
    stop() {
      if (!stopped && last && last.done !== last.total && start !== null) print(last.done, last.total);
      stopped = true;
    },
  };
}
