import type { PageAction } from '../../shared/page';
import type { ElementTarget } from './element-target';

/** The vault sentinels of API.md: placeholders, not secrets, and what exported code must keep typing. */
const VAULT_SENTINELS = new Set(['user@example.org', 'cooljohnny1567', 'mycoolpassword', '999779']);
export const REDACTED = '[redacted]';

const SECRET_KEY = /pass(word|code)?|secret|token|pin\b|cvc|cvv|otp|mfa|totp/i;

const redact = (value: string) => (VAULT_SENTINELS.has(value) ? value : REDACTED);

async function isPasswordField(target: ElementTarget): Promise<boolean> {
  const type = await target.locator.getAttribute('type', { timeout: 1_000 }).catch(() => null);
  return type?.toLowerCase() === 'password';
}

/**
 * The action as it may be stored and shown: values typed into password fields, one-time codes and secret-looking
 * form fields are replaced, vault sentinels kept. Also the answer to the caller, which never echoes a secret.
 */
export async function redactAction(
  action: PageAction,
  target: ElementTarget | undefined,
): Promise<Record<string, unknown>> {
  switch (action.type) {
    case 'fill':
      return target && (await isPasswordField(target))
        ? { ...action, value: redact(action.value) }
        : { ...action };
    case 'multi_factor_fill':
      return { ...action, value: redact(action.value) };
    case 'form_fill':
      return {
        ...action,
        value: Object.fromEntries(
          Object.entries(action.value).map(([key, value]) => [
            key,
            SECRET_KEY.test(key) ? redact(value) : value,
          ]),
        ),
      };
    default:
      return { ...action };
  }
}
