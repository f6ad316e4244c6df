/**
 * The `Idempotency-Key` of a public form's submissions (IETF httpapi draft "The Idempotency-Key
 * HTTP Header Field"; docs/product.md#idempotency-key): sending the same values again after a
 * failure (a lost answer, a dropped connection) reuses the key, so the server answers the first
 * answer instead of storing the request twice; a submission the server answered, or changed
 * values, starts a new one with a new key.
 */
import { useState } from 'react';

/** A random UUID (v4); `crypto.randomUUID` exists only on secure pages, so built by hand elsewhere. */
function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of a form's current submission: `keyFor(body)` gives the same key while
 * the same body is sent again, a new one when the body changed; `done()` once the server has
 * answered it for good (a success, or an answer that stored the request), so that the next
 * submission, even of the same values, is a new one.
 */
export function useSubmissionKey() {
  const [keys] = useState(() => {
    let current: { key: string; body: string } | undefined;
    return {
      keyFor(body: unknown): string {
        const text = JSON.stringify(body);
        if (current?.body !== text) current = { key: randomKey(), body: text };
        return current.key;
      },
      done() {
        current = undefined;
      },
    };
  });
  return keys;
}

/** Per-call options of the typed client sending `key` as the `Idempotency-Key` header. */
export const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });
