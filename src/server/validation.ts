/**
 * Request validation (DESIGN.md section 3, convention 3): `zValidator` with one hook that turns
 * a zod failure into a 422 `AppError` whose `fields` maps each field path to its first message.
 * Malformed JSON is answered 400 by Hono's validator before the schema runs.
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { AppError } from './errors.ts';

/** Field path (dotted) → first message, from a zod error. Root-level problems use `_`. */
function fieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Validates `target` of the request with `schema`; 422 with field messages when it fails. */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new AppError(422, 'invalid_fields', 'Some fields are invalid', fieldErrors(result.error));
    }
  });
}
