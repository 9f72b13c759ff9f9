import { ActionFailure, type ActionHandler } from '../action-context';
import { findCaptchaWidget, injectCaptchaToken, type CaptchaWidget } from '../captcha/captcha-widget';
import { inPage } from '../in-page';

/** Finds the CAPTCHA widget, has the configured solving service solve it, and injects the token. */
export const captchaSolve: ActionHandler<'captcha_solve'> = async (action, { page, captcha, timeoutMs }) => {
  if (!captcha.isConfigured) {
    throw new ActionFailure(
      'No CAPTCHA solving service is configured',
      'Set SVC_CAPTCHA_API_URL and SVC_CAPTCHA_API_KEY (a 2Captcha-compatible service) to solve CAPTCHAs',
    );
  }
  const widget: CaptchaWidget | null = await page.evaluate(
    inPage(findCaptchaWidget, action.captcha_type ?? null),
  );
  if (!widget) {
    const kind = action.captcha_type ?? 'reCAPTCHA, hCaptcha or Turnstile';
    throw new ActionFailure(`No ${kind} widget found on the page`);
  }
  const token = await captcha.solve(widget, page.url(), timeoutMs);
  const injected = await page.evaluate(inPage(injectCaptchaToken, { type: widget.type, token }));
  return {
    message: `Solved the ${widget.type} CAPTCHA`,
    data: { captcha_type: widget.type, sitekey: widget.sitekey, injected_into: injected },
  };
};
