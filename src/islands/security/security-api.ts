/**
 * The sign-in security API of one area, the same for a client (`api.client`) and staff
 * (`api.admin`) (docs/product.md#sign-in-security): sessions, two-step verification and passkeys,
 * and the passkey ceremonies run with @simplewebauthn/browser. Requests go through the islands'
 * typed client (lib/api.ts): same origin, cookies, a busy server's 503 tried again, ApiError on
 * failure.
 */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { api, apiErrorOf, unwrap } from '../lib/api.ts';

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

/** The area's routes in the typed client: a client's (`api.client`) or staff's (`api.admin`). */
const routesOf = (area: Area) => (area === 'client' ? api.client : api.admin);

/** The area's calls; each resolves with the parsed answer, or rejects with ApiError. */
export function securityApi(area: Area) {
  const routes = routesOf(area);
  return {
    sessions: (): Promise<SessionRow[]> => unwrap(routes.sessions.$get()),
    signOutSession: (id: string) => unwrap(routes.sessions[':id'].$delete({ param: { id } })),
    signOutOthers: () => unwrap(routes.sessions.$delete()),
    totp: (): Promise<TotpState> => unwrap(routes.totp.$get()),
    startTotp: () => unwrap(routes.totp.setup.$post()),
    confirmTotp: (code: string) => unwrap(routes.totp.confirm.$post({ json: { code } })),
    newRecoveryCodes: (code: string) => unwrap(routes.totp['recovery-codes'].$post({ json: { code } })),
    disableTotp: (proof: { code: string } | { recoveryCode: string }) =>
      unwrap(routes.totp.disable.$post({ json: proof })),
    passkeys: (): Promise<PasskeyRow[]> => unwrap(routes.passkeys.$get()),
    removePasskey: (id: string) => unwrap(routes.passkeys[':id'].$delete({ param: { id } })),
    /** Creates a passkey on this device named `name` and stores it. */
    async addPasskey(name: string): Promise<PasskeyRow> {
      const optionsJSON = await unwrap(routes.passkeys['registration-options'].$post());
      const response = await startRegistration({ optionsJSON });
      // A copy as a plain object: the route takes the response with any further fields it has.
      return unwrap(routes.passkeys.registration.verify.$post({ json: { response: { ...response }, name } }));
    },
    /**
     * Signs in with a passkey of this device; `autofill` waits for the browser's own suggestion in
     * the email field (conditional UI) instead of opening its dialog. Resolves with the area's
     * sign-in answer `T` (the route answers as the area's sign-in does, untyped on the server).
     */
    async signInWithPasskey<T>(autofill = false): Promise<T> {
      const optionsJSON = await unwrap(routes.passkeys['authentication-options'].$post());
      const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
      const answer = await routes.passkeys.authentication.verify.$post({ json: { response: { ...response } } });
      if (!answer.ok) throw await apiErrorOf(answer);
      return JSON.parse(await answer.text());
    },
  };
}
