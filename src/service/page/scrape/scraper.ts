import type { LanguageModel } from 'ai';
import type { Page } from 'playwright-core';
import type { ScrapeRequest, ScrapeResponse } from '../../../shared/page';
import { inPage } from '../in-page';
import { htmlToMarkdown } from './markdown';
import { readPageContent, type PageContent } from './page-content-script';
import { extractStructured } from './structured-extraction';

const SCOPE_ATTRIBUTE = 'data-svc-scrape-root';

/** Scrapes a page: markdown, links and images, and structured data through the language model when asked. */
export class Scraper {
  constructor(private readonly model: { model: LanguageModel } | { missing: string }) {}

  async scrape(page: Page, request: ScrapeRequest, timeoutMs: number): Promise<ScrapeResponse> {
    const content = await this.readContent(page, request, timeoutMs);
    const markdown = request.only_images ? '' : htmlToMarkdown(content.html, request.scrape_links);
    const response: ScrapeResponse = { markdown };
    if (request.scrape_links && !request.only_images) response.links = content.links;
    if (request.scrape_images || request.only_images) response.images = content.images;
    if (request.instructions || request.response_format) {
      response.structured = await this.structured(request, markdown, page.url());
    }
    return response;
  }

  private async readContent(page: Page, request: ScrapeRequest, timeoutMs: number): Promise<PageContent> {
    if (!request.selector) {
      return page.evaluate(
        inPage(readPageContent, { selector: null, onlyMainContent: request.only_main_content }),
      );
    }
    // Playwright selectors (text=, role=, frames) mean nothing to the page itself: mark the element, scrape the mark.
    await page
      .locator(request.selector)
      .first()
      .evaluate((element, name) => element.setAttribute(name, ''), SCOPE_ATTRIBUTE, { timeout: timeoutMs });
    try {
      const selector = `[${SCOPE_ATTRIBUTE}]`;
      return await page.evaluate(
        inPage(readPageContent, { selector, onlyMainContent: request.only_main_content }),
      );
    } finally {
      await page.evaluate(
        `document.querySelector('[${SCOPE_ATTRIBUTE}]')?.removeAttribute('${SCOPE_ATTRIBUTE}')`,
      );
    }
  }

  private async structured(
    request: ScrapeRequest,
    markdown: string,
    url: string,
  ): Promise<ScrapeResponse['structured']> {
    if ('missing' in this.model) return { success: false, error: this.model.missing };
    const instructions = request.instructions ?? 'Extract the data described by the response format.';
    return extractStructured(this.model.model, {
      instructions,
      ...(request.response_format ? { responseFormat: request.response_format } : {}),
      markdown,
      url,
    });
  }
}
