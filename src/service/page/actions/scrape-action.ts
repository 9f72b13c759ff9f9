import type { ActionHandler } from '../action-context';

export const scrape: ActionHandler<'scrape'> = async (action, { page, scraper, timeoutMs }) => {
  const { type: _type, press_enter: _pressEnter, timeout: _timeout, ...request } = action;
  const data = await scraper.scrape(page, request, timeoutMs);
  return { message: `Scraped ${page.url()}`, data };
};
