import { terminalSafe } from "../text/terminal";

/**
 * The CLI's one way to talk: human lines on stderr (so stdout stays clean for --json and tables
 * piped elsewhere), machine output on stdout. Everything written has its control characters
 * escaped: messages quote field names and values from untrusted files.
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
      if (!options.quiet) stderr.write(`${terminalSafe(message)}\n`);
    },
    warn: (message) => stderr.write(`warning: ${terminalSafe(message)}\n`),
    error: (message) => stderr.write(`error: ${terminalSafe(message)}\n`),
    out: (text) => stdout.write(terminalSafe(text.endsWith("\n") ? text : `${text}\n`)),
  };
}
