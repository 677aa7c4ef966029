/**
 * The CLI's one way to talk: human lines on stderr (so stdout stays clean for --json and tables
 * piped elsewhere), machine output on stdout.
 */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** The command's result: a table or a JSON document, on stdout. */
  out(text: string): void;
}

export function createLogger(options: { quiet?: boolean; stdout?: NodeJS.WritableStream; stderr?: NodeJS.WritableStream } = {}): Logger {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  return {
    info: (message) => {
      if (!options.quiet) stderr.write(`${message}\n`);
    },
    warn: (message) => stderr.write(`warning: ${message}\n`),
    error: (message) => stderr.write(`error: ${message}\n`),
    out: (text) => stdout.write(text.endsWith("\n") ? text : `${text}\n`),
  };
}
