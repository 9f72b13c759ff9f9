/// <reference lib="dom" />
// Run in the page through inPage(): self-contained, no imports at run time.

export type CaptchaType = 'recaptcha' | 'hcaptcha' | 'turnstile';

export interface CaptchaWidget {
  type: CaptchaType;
  sitekey: string;
}

/** The first CAPTCHA widget of the page (of `wanted` type when given), by its container or its iframe. */
export function findCaptchaWidget(wanted: CaptchaType | null): CaptchaWidget | null {
  const kinds: { type: CaptchaType; container: string; frame: RegExp; keyParam: string }[] = [
    {
      type: 'recaptcha',
      container: '.g-recaptcha[data-sitekey]',
      frame: /\/recaptcha\/(api2|enterprise)\//,
      keyParam: 'k',
    },
    { type: 'hcaptcha', container: '.h-captcha[data-sitekey]', frame: /hcaptcha\.com/, keyParam: 'sitekey' },
    {
      type: 'turnstile',
      container: '.cf-turnstile[data-sitekey]',
      frame: /challenges\.cloudflare\.com/,
      keyParam: 'sitekey',
    },
  ];
  for (const kind of kinds) {
    if (wanted && kind.type !== wanted) continue;
    const container = document.querySelector(kind.container);
    const fromContainer = container?.getAttribute('data-sitekey');
    if (fromContainer) return { type: kind.type, sitekey: fromContainer };
    for (const frame of document.querySelectorAll('iframe[src]')) {
      const src = frame.getAttribute('src') ?? '';
      if (!kind.frame.test(src)) continue;
      const url = new URL(src, location.href);
      const key =
        url.searchParams.get(kind.keyParam) ?? new URLSearchParams(url.hash.slice(1)).get(kind.keyParam);
      if (key) return { type: kind.type, sitekey: key };
    }
  }
  return null;
}

/** Puts the solved token where the widget's form and scripts read it, then calls the page's callback if any. */
export function injectCaptchaToken(input: { type: CaptchaType; token: string }): string[] {
  const fieldNames: Record<CaptchaType, string[]> = {
    recaptcha: ['g-recaptcha-response'],
    hcaptcha: ['h-captcha-response', 'g-recaptcha-response'],
    turnstile: ['cf-turnstile-response'],
  };
  const containers: Record<CaptchaType, string> = {
    recaptcha: '.g-recaptcha',
    hcaptcha: '.h-captcha',
    turnstile: '.cf-turnstile',
  };
  const filled: string[] = [];
  const form =
    document.querySelector(containers[input.type])?.closest('form') ?? document.forms[0] ?? document.body;
  for (const name of fieldNames[input.type]) {
    let fields = [...document.querySelectorAll<HTMLTextAreaElement | HTMLInputElement>(`[name="${name}"]`)];
    if (fields.length === 0) {
      const created = document.createElement('textarea');
      created.name = name;
      created.style.display = 'none';
      form.appendChild(created);
      fields = [created];
    }
    for (const field of fields) field.value = input.token;
    filled.push(name);
  }
  const callbackName = document.querySelector(containers[input.type])?.getAttribute('data-callback');
  const callback = callbackName ? (window as unknown as Record<string, unknown>)[callbackName] : undefined;
  if (typeof callback === 'function') {
    (callback as (token: string) => void)(input.token);
    filled.push(`callback ${callbackName}`);
  }
  return filled;
}
