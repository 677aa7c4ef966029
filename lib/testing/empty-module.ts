// Stands in for the `server-only` package under Vitest and plain Node, where every module is server code.
export {};
