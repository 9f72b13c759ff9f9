/// <reference lib="dom" />
// Runs in the page through inPage(): self-contained, no imports at run time.

export interface PageContent {
  html: string;
  links: { url: string; text: string }[];
  images: { url: string; description?: string }[];
  /** False when `selector` matched nothing. */
  found: boolean;
}

/**
 * The HTML to turn into markdown, with links and images resolved to absolute URLs. With `onlyMainContent`,
 * page chrome (navigation, banners, sidebars, footers) is dropped, and `<main>` is preferred when there is one.
 */
export function readPageContent(input: { selector: string | null; onlyMainContent: boolean }): PageContent {
  const CHROME = [
    'nav',
    'aside',
    'footer',
    'header',
    '[role=navigation]',
    '[role=banner]',
    '[role=contentinfo]',
    '[role=complementary]',
    '[role=search]',
    '[aria-hidden=true]',
  ];
  const NEVER = ['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'link', 'meta'];
  const scoped = input.selector ? document.querySelector(input.selector) : document.body;
  if (!scoped) return { html: '', links: [], images: [], found: false };
  const main = input.onlyMainContent && !input.selector ? scoped.querySelector('main, [role=main]') : null;
  const root = (main ?? scoped).cloneNode(true) as Element;
  const drop = input.onlyMainContent ? [...NEVER, ...CHROME] : NEVER;
  for (const element of root.querySelectorAll(drop.join(','))) element.remove();
  // The clone has no layout; resolve URLs against the document, since relative ones mean nothing to a client.
  for (const anchor of root.querySelectorAll<HTMLAnchorElement>('a[href]'))
    anchor.setAttribute('href', anchor.href);
  for (const image of root.querySelectorAll<HTMLImageElement>('img[src]'))
    image.setAttribute('src', image.src);
  const links = [...root.querySelectorAll<HTMLAnchorElement>('a[href]')]
    .filter((anchor) => /^https?:/.test(anchor.href))
    .map((anchor) => ({ url: anchor.href, text: (anchor.textContent ?? '').replace(/\s+/g, ' ').trim() }));
  const images = [...root.querySelectorAll<HTMLImageElement>('img[src]')].map((image) => ({
    url: image.src,
    ...(image.alt ? { description: image.alt } : {}),
  }));
  return { html: root.outerHTML, links, images, found: true };
}
