/**
 * Rows as the API sends them: every `Date` becomes its ISO 8601 string (UTC, milliseconds), so
 * that what a service returns is exactly the JSON the browser receives and the islands' types
 * can be inferred from the server (docs/product.md#api).
 */

/** `T` with each Date field (nullable or not) as an ISO string. */
export type Json<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** Returns a copy of `row` with its Date fields as ISO strings; other fields are kept as they are. */
export function toJson<T extends object>(row: T): Json<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Date ? value.toISOString() : value;
  return out as Json<T>;
}
