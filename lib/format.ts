/** Display formats shared by the CLI report and the web pages. Undefined statistics read "undefined", never 0 or 1. */
export const pct = (x: number | null | undefined) => (x === null || x === undefined ? "undefined" : `${(x * 100).toFixed(1)}%`);
export const ratio = (x: number | null | undefined) => (x === null || x === undefined ? "undefined" : x.toFixed(2));
export const ms = (x: number | null | undefined) => (x === null || x === undefined ? "n/a" : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`);
export const usd = (x: number | null | undefined) => (x === null || x === undefined ? "n/a" : `$${x.toFixed(4)}`);
