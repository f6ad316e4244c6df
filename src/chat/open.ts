/**
 * Opens the live-chat panel (docs/product.md#live-chat): the only chat code a page carries before
 * the visitor asks for the chat. The panel's own module (src/chat/panel.ts) is fetched at the
 * first press, so a page loads no chat script until then.
 *
 * `wireChatOpeners()` makes every `[data-open-chat]` element of the page open it; its link
 * target (the contact form) stays what a browser without scripts follows.
 */

/**
 * Opens the panel, loading it at the first call.
 * @param opener the element that opened it, which gets the focus back when the panel closes
 */
export async function openChatPanel(opener?: HTMLElement | null): Promise<void> {
  const { openChat } = await import('./panel.ts');
  await openChat({ opener });
}

/** Makes every `[data-open-chat]` element of `root` open the panel when pressed. */
export function wireChatOpeners(root: Document = document): void {
  root.addEventListener('click', (event) => {
    const opener = (event.target as Element | null)?.closest?.<HTMLElement>('[data-open-chat]');
    if (!opener) return;
    event.preventDefault();
    void openChatPanel(opener);
  });
}
