import type { CaptchaWidget } from './captcha-widget';

/** Solves a CAPTCHA widget of a page, returning the token the site expects. */
export interface CaptchaSolver {
  /** False when no solving service is configured: callers say so instead of pretending. */
  readonly isConfigured: boolean;
  solve(widget: CaptchaWidget, pageUrl: string, timeoutMs: number): Promise<string>;
}

export interface TwoCaptchaOptions {
  /** Base URL of a service speaking the 2Captcha protocol (`in.php` / `res.php`). */
  apiUrl: string;
  apiKey: string;
  pollIntervalMs: number;
}

const METHOD_BY_TYPE: Record<CaptchaWidget['type'], { method: string; keyField: string }> = {
  recaptcha: { method: 'userrecaptcha', keyField: 'googlekey' },
  hcaptcha: { method: 'hcaptcha', keyField: 'sitekey' },
  turnstile: { method: 'turnstile', keyField: 'sitekey' },
};

interface TwoCaptchaAnswer {
  status: number;
  request: string;
}

export class CaptchaServiceError extends Error {
  override name = 'CaptchaServiceError';
}

/** The 2Captcha-style HTTP protocol: submit the task to `in.php`, poll `res.php` until the token is ready. */
export class TwoCaptchaSolver implements CaptchaSolver {
  readonly isConfigured = true;

  constructor(private readonly options: TwoCaptchaOptions) {}

  async solve(widget: CaptchaWidget, pageUrl: string, timeoutMs: number): Promise<string> {
    const { method, keyField } = METHOD_BY_TYPE[widget.type];
    const submitted = await this.call(
      'in.php',
      {
        method,
        [keyField]: widget.sitekey,
        pageurl: pageUrl,
      },
      'POST',
    );
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, this.options.pollIntervalMs));
      const answer = await this.call('res.php', { action: 'get', id: submitted }, 'GET');
      if (answer !== 'CAPCHA_NOT_READY') return answer;
    }
    throw new CaptchaServiceError(`The solving service gave no token within ${timeoutMs} ms`);
  }

  /** One call; returns `request` of a `status: 1` answer, throws with the service's error code otherwise. */
  private async call(path: string, fields: Record<string, string>, method: 'GET' | 'POST'): Promise<string> {
    const params = new URLSearchParams({ ...fields, key: this.options.apiKey, json: '1' });
    const url = new URL(
      path,
      this.options.apiUrl.endsWith('/') ? this.options.apiUrl : `${this.options.apiUrl}/`,
    );
    const response =
      method === 'POST'
        ? await fetch(url, { method, body: params })
        : await fetch(`${url.toString()}?${params.toString()}`);
    if (!response.ok) throw new CaptchaServiceError(`The solving service answered HTTP ${response.status}`);
    const answer = (await response.json()) as TwoCaptchaAnswer;
    if (answer.status === 1 || answer.request === 'CAPCHA_NOT_READY') return answer.request;
    throw new CaptchaServiceError(`The solving service refused the task: ${answer.request}`);
  }
}

/** Stands in when no solving service is configured, so the action fails with a clear message. */
export const unconfiguredCaptchaSolver: CaptchaSolver = {
  isConfigured: false,
  solve: () => Promise.reject(new CaptchaServiceError('No CAPTCHA solving service is configured')),
};
