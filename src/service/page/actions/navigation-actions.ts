import type { Page } from 'playwright-core';
import { ActionFailure, type ActionHandler } from '../action-context';

const gotoOptions = (timeoutMs: number) => ({ timeout: timeoutMs, waitUntil: 'load' as const });

async function navigate(page: Page, url: string, timeoutMs: number) {
  const response = await page.goto(url, gotoOptions(timeoutMs));
  return { url: page.url(), status: response?.status() ?? null };
}

export const goto: ActionHandler<'goto'> = async (action, { page, timeoutMs }) => {
  const data = await navigate(page, action.url, timeoutMs);
  return { message: `Navigated to ${data.url}`, data };
};

export const gotoNewTab: ActionHandler<'goto_new_tab'> = async (action, { session, timeoutMs }) => {
  const page = await session.context.newPage();
  const index = session.tabs().indexOf(page);
  await session.switchTab(index >= 0 ? index : session.tabs().length - 1);
  const data = await navigate(page, action.url, timeoutMs);
  return {
    message: `Opened ${data.url} in a new tab`,
    data: { ...data, tab_index: session.tabs().indexOf(page) },
  };
};

export const closeTab: ActionHandler<'close_tab'> = async (_action, { session, page }) => {
  if (session.tabs().length <= 1)
    throw new ActionFailure('The last tab cannot be closed; stop the session instead');
  await page.close();
  const remaining = session.tabs().filter((tab) => !tab.isClosed());
  await session.switchTab(remaining.length - 1);
  return {
    message: `Closed the tab; tab ${remaining.length - 1} is active`,
    data: { tab_index: remaining.length - 1 },
  };
};

export const switchTab: ActionHandler<'switch_tab'> = async (action, { session }) => {
  const count = session.tabs().length;
  if (action.tab_index >= count) {
    throw new ActionFailure(`There is no tab ${action.tab_index}: the session has ${count} (0-based)`);
  }
  const page = await session.switchTab(action.tab_index);
  return { message: `Switched to tab ${action.tab_index} (${page.url()})`, data: { url: page.url() } };
};

export const goBack: ActionHandler<'go_back'> = async (_action, { page, timeoutMs }) => {
  const response = await page.goBack(gotoOptions(timeoutMs));
  if (!response) throw new ActionFailure('There is no previous page in this tab');
  return { message: `Went back to ${page.url()}`, data: { url: page.url() } };
};

export const goForward: ActionHandler<'go_forward'> = async (_action, { page, timeoutMs }) => {
  const response = await page.goForward(gotoOptions(timeoutMs));
  if (!response) throw new ActionFailure('There is no next page in this tab');
  return { message: `Went forward to ${page.url()}`, data: { url: page.url() } };
};

export const reload: ActionHandler<'reload'> = async (_action, { page, timeoutMs }) => {
  await page.reload(gotoOptions(timeoutMs));
  return { message: `Reloaded ${page.url()}`, data: { url: page.url() } };
};

export const wait: ActionHandler<'wait'> = async (action, { page }) => {
  await page.waitForTimeout(action.time_ms);
  return { message: `Waited ${action.time_ms} ms` };
};

export const pressKey: ActionHandler<'press_key'> = async (action, { page }) => {
  await page.keyboard.press(action.key);
  return { message: `Pressed ${action.key}` };
};

async function scrollBy(page: Page, direction: 1 | -1, amount: number | undefined) {
  return page.evaluate(
    ([sign, pixels]) => {
      window.scrollBy({ top: sign * (pixels ?? window.innerHeight), behavior: 'instant' });
      return { scroll_x: window.scrollX, scroll_y: window.scrollY };
    },
    [direction, amount] as const,
  );
}

export const scrollDown: ActionHandler<'scroll_down'> = async (action, { page }) => {
  const data = await scrollBy(page, 1, action.amount);
  return { message: `Scrolled down to y=${data.scroll_y}`, data };
};

export const scrollUp: ActionHandler<'scroll_up'> = async (action, { page }) => {
  const data = await scrollBy(page, -1, action.amount);
  return { message: `Scrolled up to y=${data.scroll_y}`, data };
};
