import type { PageActionType } from '../../../shared/page';
import type { ActionHandler } from '../action-context';
import { captchaSolve } from './captcha-solve';
import * as element from './element-actions';
import { evaluateJs } from './evaluate-js';
import { formFill } from './form-fill';
import * as navigation from './navigation-actions';
import { scrape } from './scrape-action';
import * as task from './task-actions';

/** One handler per action type of API.md; the mapped type makes a missing one a compile error. */
export const actionHandlers: { [T in PageActionType]: ActionHandler<T> } = {
  goto: navigation.goto,
  goto_new_tab: navigation.gotoNewTab,
  close_tab: navigation.closeTab,
  switch_tab: navigation.switchTab,
  go_back: navigation.goBack,
  go_forward: navigation.goForward,
  reload: navigation.reload,
  wait: navigation.wait,
  press_key: navigation.pressKey,
  scroll_up: navigation.scrollUp,
  scroll_down: navigation.scrollDown,
  captcha_solve: captchaSolve,
  completion: task.completion,
  form_fill: formFill,
  scrape,
  evaluate_js: evaluateJs,
  email_read: task.emailRead,
  sms_read: task.smsRead,
  click: element.click,
  fill: element.fill,
  multi_factor_fill: element.multiFactorFill,
  check: element.check,
  select_dropdown_option: element.selectDropdownOption,
  upload_file: element.uploadFile,
  download_file: element.downloadFile,
};
