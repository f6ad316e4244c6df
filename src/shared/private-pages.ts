/**
 * The pages behind a sign-in or a personal link: the client portal, the staff dashboard, the blog
 * editor, the unsubscribe page, the chat's email confirmation, a data export's download page and a booked call's manage page. They stay out of the sitemap (astro.config.mjs) and are the
 * only pages sent with `Cross-Origin-Opener-Policy` (docs/decisions/0019-opener-policy-on-private-pages.md).
 */
const PRIVATE_PAGE = /^\/(portal|admin|blog-admin|unsubscribe|chat|data-export|booking)(\/|\.html$|$)/;

/**
 * Whether the page at `path` (a request path such as `/portal/projects`, or a prebuilt file such
 * as `/admin/index.html`) is a private page.
 */
export function isPrivatePage(path: string): boolean {
  return PRIVATE_PAGE.test(path);
}
