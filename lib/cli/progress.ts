import cliProgress from "cli-progress";

/** A progress bar on stderr, only when a person is watching (a TTY); CI logs stay clean. */
export function createProgress(stream: NodeJS.WriteStream): { update: (done: number, total: number) => void; stop: () => void } | null {
  if (!stream.isTTY) return null;
  const bar = new cliProgress.SingleBar(
    { stream, format: "{bar} {value}/{total} trials · {duration_formatted} · eta {eta_formatted}", hideCursor: true, clearOnComplete: true },
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
