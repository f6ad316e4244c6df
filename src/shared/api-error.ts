/**
 * The one error shape of the whole API, read by the server (which writes it) and the islands
 * (which show its message): `{ error: { code, message, fields? } }`, where `fields` maps a
 * field name (dotted path for nested fields) to the message to show under that field.
 * See docs/product.md#errors.
 */
export interface ErrorBody {
  error: {
    /** A stable machine-readable code, e.g. `invalid_fields`, `email_taken`, `rate_limited`. */
    code: string;
    /** A sentence for a person. */
    message: string;
    fields?: Record<string, string>;
  };
}

/** Builds the error body; `fields` is left out when absent. */
export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}
