import path from "node:path";

/** The folder for Gavel's local files (SQLite database, generated secret, demo credentials). */
export function dataDir(env: EnvSource = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.GAVEL_DATA_DIR?.trim() || "data");
}

/** Where Gavel keeps its data when DATABASE_URL is not set: an SQLite file in the data folder. */
export const DEFAULT_DATABASE_URL = "file:./data/gavel.db";

/** Environment variables, as process.env or a plain object in tests. */
export type EnvSource = Record<string, string | undefined>;

export type DatabaseProvider = "sqlite" | "postgres";

export function databaseUrl(env: EnvSource = process.env): string {
  const url = env.DATABASE_URL?.trim();
  if (url) return url;
  return env.GAVEL_DATA_DIR?.trim() ? `file:${path.join(dataDir(env), "gavel.db")}` : DEFAULT_DATABASE_URL;
}

export function databaseProvider(url: string): DatabaseProvider {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgres";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error(`DATABASE_URL must start with "file:" (SQLite) or "postgres://" / "postgresql://" (PostgreSQL); got "${redactUrl(url)}"`);
}

/** The file behind a `file:` URL, resolved against the working directory (the project root). */
export function sqliteFilePath(url: string | undefined): string {
  const value = url?.trim() || DEFAULT_DATABASE_URL;
  if (!value.startsWith("file:")) throw new Error(`not an SQLite URL: "${redactUrl(value)}"`);
  const file = value.slice("file:".length).replace(/\?.*$/, "");
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), file);
}

/** A URL safe to print: the password replaced by ***. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@");
}
