/**
 * The /chat/confirm page's script (docs/product.md#live-chat): sends the token from the address's
 * fragment to the API once (POST `chatPaths.confirmEmail`), removes it from the address bar, and
 * says what happened in `status` (a polite live region).
 */
import { chatPaths } from '../islands/lib/api-paths.ts';

const CONFIRMED = 'Thank you: your address is confirmed, and the chat transcript is on its way.';
const MISSING = 'This link is incomplete. Open it again from the email, or ask for the transcript again from the chat.';
const FAILED = 'We could not confirm your address just now. Please open the link again in a moment.';

/** Confirms the fragment's token and writes the outcome into `status`. */
export async function confirmChatEmail(status: HTMLElement): Promise<void> {
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  history.replaceState(history.state, '', location.pathname);
  if (!token) {
    status.textContent = MISSING;
    return;
  }
  try {
    const response = await fetch(chatPaths.confirmEmail, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (response.ok) {
      status.textContent = CONFIRMED;
      return;
    }
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    status.textContent =
      response.status === 410 || response.status === 422 ? (body?.error?.message ?? MISSING) : FAILED;
  } catch {
    status.textContent = FAILED;
  }
}
