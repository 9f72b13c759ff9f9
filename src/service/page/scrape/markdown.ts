import TurndownService from 'turndown';

/** Markdown of an HTML fragment; with `keepLinks` false, links become their text. */
export function htmlToMarkdown(html: string, keepLinks: boolean): string {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
  });
  if (!keepLinks) turndown.addRule('linkText', { filter: 'a', replacement: (content) => content });
  return turndown
    .turndown(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
