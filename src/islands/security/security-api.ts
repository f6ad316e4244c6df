/**
 * The sign-in security API of one area, the same for a client (/api/client) and staff
 * (/api/admin) (docs/product.md#sign-in-security): sessions, two-step verification and passkeys,
 * and the passkey ceremonies run with @simplewebauthn/browser. Requests go through the islands'
 * one fetch (lib/api.ts): same origin, cookies, a busy server's 503 tried again, ApiError on
 * failure.
 */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { apiErrorOf, fetchThroughBusy } from '../lib/api.ts';

export type Area = 'client' | 'admin';

/** A signed-in device. */
export interface SessionRow {
  id: string;
  current: boolean;
  device: string;
  ipAddress: string | null;
  method: string | null;
  createdAt: string;
  lastSeenAt: string;
}

/** A passkey of the account. */
export interface PasskeyRow {
  id: string;
  name: string;
  backedUp: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Two-step verification's state. */
export interface TotpState {
  enabled: boolean;
  recoveryCodesLeft: number;
  required: boolean;
}

/** `method` `path` under the area's API with an optional JSON body; the parsed answer, or ApiError. */
async function call<T>(area: Area, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetchThroughBusy(`/api/${area}${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw await apiErrorOf(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The area's calls. */
export function securityApi(area: Area) {
  return {
    sessions: () => call<SessionRow[]>(area, 'GET', '/sessions'),
    signOutSession: (id: string) => call(area, 'DELETE', `/sessions/${encodeURIComponent(id)}`),
    signOutOthers: () => call<{ signedOut: number }>(area, 'DELETE', '/sessions'),
    totp: () => call<TotpState>(area, 'GET', '/totp'),
    startTotp: () => call<{ secret: string; uri: string; qrSvg: string }>(area, 'POST', '/totp/setup'),
    confirmTotp: (code: string) => call<{ recoveryCodes: string[] }>(area, 'POST', '/totp/confirm', { code }),
    newRecoveryCodes: (code: string) =>
      call<{ recoveryCodes: string[] }>(area, 'POST', '/totp/recovery-codes', { code }),
    disableTotp: (proof: { code: string } | { recoveryCode: string }) => call(area, 'POST', '/totp/disable', proof),
    passkeys: () => call<PasskeyRow[]>(area, 'GET', '/passkeys'),
    removePasskey: (id: string) => call(area, 'DELETE', `/passkeys/${encodeURIComponent(id)}`),
    /** Creates a passkey on this device named `name` and stores it. */
    async addPasskey(name: string): Promise<PasskeyRow> {
      const optionsJSON = await call<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        area,
        'POST',
        '/passkeys/registration-options',
      );
      const response = await startRegistration({ optionsJSON });
      return call<PasskeyRow>(area, 'POST', '/passkeys/registration/verify', { response, name });
    },
    /**
     * Signs in with a passkey of this device; `autofill` waits for the browser's own suggestion in
     * the email field (conditional UI) instead of opening its dialog. Resolves with the area's
     * sign-in answer.
     */
    async signInWithPasskey<T>(autofill = false): Promise<T> {
      const optionsJSON = await call<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        area,
        'POST',
        '/passkeys/authentication-options',
      );
      const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
      return call<T>(area, 'POST', '/passkeys/authentication/verify', { response });
    },
  };
}
