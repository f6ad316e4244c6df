// @ts-check
/**
 * The email-reply settings of the end-to-end test server (docs/product.md#email-replies), shared
 * by scripts/e2e-server.mjs, which starts the server with them, and the tests that post raw
 * replies to its `POST /api/inbound/email`: the domain of the reply addresses and the door's
 * bearer secret (a test-only value, used nowhere else).
 */

/** `INBOUND_DOMAIN` and `INBOUND_SECRET` of the test server. */
export const E2E_INBOUND = {
  INBOUND_DOMAIN: 'reply.agency.example',
  INBOUND_SECRET: 'e2e-inbound-secret-0123456789',
};
