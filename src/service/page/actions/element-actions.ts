/// <reference lib="dom" />
import type { Locator } from 'playwright-core';
import { AppError } from '../../../shared/errors';
import { ActionFailure, type ActionHandler } from '../action-context';

export const click: ActionHandler<'click'> = async (action, context) => {
  const { locator, selector } = context.target(action);
  await locator.click({ timeout: context.timeoutMs });
  return { message: `Clicked ${selector}`, selector };
};

export const fill: ActionHandler<'fill'> = async (action, context) => {
  const { locator, selector } = context.target(action);
  if (action.clear_before_fill) {
    await locator.fill(action.value, { timeout: context.timeoutMs });
  } else {
    await locator.press('End', { timeout: context.timeoutMs });
    await locator.pressSequentially(action.value, { timeout: context.timeoutMs });
  }
  return { message: `Filled ${selector}`, selector };
};

/** The one-character boxes of a split code input, when `locator` is one of them. */
async function codeBoxes(locator: Locator, timeoutMs: number): Promise<Locator | undefined> {
  const maxLength = await locator.getAttribute('maxlength', { timeout: timeoutMs });
  if (maxLength !== '1') return undefined;
  return locator.locator('xpath=ancestor::*[count(.//input[@maxlength="1"]) > 1][1]//input[@maxlength="1"]');
}

export const multiFactorFill: ActionHandler<'multi_factor_fill'> = async (action, context) => {
  const { locator, selector } = context.target(action);
  const boxes = await codeBoxes(locator, context.timeoutMs);
  if (!boxes) {
    await locator.fill(action.value, { timeout: context.timeoutMs });
    return { message: `Filled the code into ${selector}`, selector };
  }
  const characters = [...action.value];
  if ((await boxes.count()) < characters.length) {
    throw new ActionFailure(`The code has ${characters.length} characters but the page has fewer boxes`);
  }
  for (const [index, character] of characters.entries()) {
    await boxes.nth(index).fill(character, { timeout: context.timeoutMs });
  }
  return { message: `Filled the code into ${characters.length} boxes`, selector };
};

export const check: ActionHandler<'check'> = async (action, context) => {
  const { locator, selector } = context.target(action);
  await locator.setChecked(action.value, { timeout: context.timeoutMs });
  return { message: `${action.value ? 'Checked' : 'Unchecked'} ${selector}`, selector };
};

export const selectDropdownOption: ActionHandler<'select_dropdown_option'> = async (action, context) => {
  const { locator, selector } = context.target(action);
  const selected = await locator.selectOption(action.value, { timeout: context.timeoutMs });
  return { message: `Selected ${action.value} in ${selector}`, data: { selected }, selector };
};

export const uploadFile: ActionHandler<'upload_file'> = async (action, context) => {
  const { locator, selector } = context.target(action);
  const path = await context.files.resolveUpload(context.session.accountId, action.file_path);
  const isFileInput = await locator.evaluate(
    (element) => element instanceof HTMLInputElement && element.type === 'file',
    undefined,
    { timeout: context.timeoutMs },
  );
  if (isFileInput) {
    await locator.setInputFiles(path, { timeout: context.timeoutMs });
  } else {
    // A styled button that opens the file chooser: answer the chooser it opens.
    const chooser = context.page.waitForEvent('filechooser', { timeout: context.timeoutMs });
    await locator.click({ timeout: context.timeoutMs });
    await (await chooser).setFiles(path);
  }
  return { message: `Uploaded ${action.file_path} to ${selector}`, selector };
};

export const downloadFile: ActionHandler<'download_file'> = async (action, context) => {
  const { locator, selector } = context.target(action);
  const { session } = context;
  const download = context.page.waitForEvent('download', { timeout: context.timeoutMs });
  await locator.click({ timeout: context.timeoutMs });
  try {
    const saved = await context.files.saveDownload(session.accountId, session.id, await download);
    return {
      message: `Downloaded ${saved.name} (${saved.size} bytes)`,
      data: { file_name: saved.name, size: saved.size },
      selector,
    };
  } catch (error) {
    // A download that fails or is too large is an outcome of the page, not a bad request.
    if (error instanceof AppError) throw new ActionFailure(error.message, String(error.detail));
    throw error;
  }
};
