/// <reference lib="dom" />
import type { Locator } from 'playwright-core';
import { ActionFailure, type ActionHandler } from '../action-context';
import { inPage } from '../in-page';
import { markFormFields, type FieldMatch } from './form-fields-script';

const MARKER_ATTRIBUTE = 'data-svc-form-fill';

// Autocomplete tokens (normalized: lowercase, letters and digits only) that a key commonly stands for.
const AUTOCOMPLETE_ALIASES: Record<string, string[]> = {
  firstname: ['givenname'],
  givenname: ['givenname'],
  lastname: ['familyname'],
  surname: ['familyname'],
  familyname: ['familyname'],
  fullname: ['name'],
  name: ['name'],
  email: ['email'],
  emailaddress: ['email'],
  phone: ['tel'],
  phonenumber: ['tel'],
  telephone: ['tel'],
  mobile: ['tel'],
  zip: ['postalcode'],
  zipcode: ['postalcode'],
  postcode: ['postalcode'],
  postalcode: ['postalcode'],
  address: ['streetaddress', 'addressline1'],
  street: ['streetaddress', 'addressline1'],
  address1: ['addressline1'],
  address2: ['addressline2'],
  city: ['addresslevel2'],
  state: ['addresslevel1'],
  region: ['addresslevel1'],
  country: ['country', 'countryname'],
  username: ['username'],
  login: ['username'],
  password: ['currentpassword', 'newpassword'],
  company: ['organization'],
  organization: ['organization'],
  birthday: ['bday'],
  dateofbirth: ['bday'],
  cardnumber: ['ccnumber'],
};

const isTruthy = (value: string) =>
  ['true', 'yes', 'on', '1', 'checked'].includes(value.trim().toLowerCase());

async function fillField(field: Locator, match: FieldMatch, value: string, timeoutMs: number): Promise<void> {
  if (match.kind === 'select') {
    await field.selectOption(value, { timeout: timeoutMs });
  } else if (match.kind === 'checkbox') {
    await field.setChecked(isTruthy(value), { timeout: timeoutMs });
  } else if (match.kind === 'radio') {
    const page = field.page();
    const found = await page.evaluate(
      inPage(markRadioChoice, { attribute: MARKER_ATTRIBUTE, marker: match.marker, wanted: value }),
    );
    if (!found) throw new ActionFailure(`No option "${value}" in the radio group of ${match.key}`);
    await page.locator(`[${MARKER_ATTRIBUTE}-choice="1"]`).check({ timeout: timeoutMs });
  } else {
    await field.fill(value, { timeout: timeoutMs });
  }
}

/** Marks the radio of the matched field's group whose value or label is `wanted`; false when there is none. */
function markRadioChoice(input: { attribute: string; marker: string; wanted: string }): boolean {
  const normalize = (text: string | null | undefined) => (text ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  const radio = document.querySelector<HTMLInputElement>(`[${input.attribute}="${input.marker}"]`);
  const group = [...document.querySelectorAll<HTMLInputElement>('input[type=radio]')].filter(
    (candidate) => candidate.name === radio?.name,
  );
  const choice = group.find(
    (candidate) =>
      normalize(candidate.value) === normalize(input.wanted) ||
      [...(candidate.labels ?? [])].some((label) => normalize(label.textContent) === normalize(input.wanted)),
  );
  choice?.setAttribute(`${input.attribute}-choice`, '1');
  return Boolean(choice);
}

function clearMarkers(attribute: string): void {
  for (const name of [attribute, `${attribute}-choice`]) {
    for (const element of document.querySelectorAll(`[${name}]`)) element.removeAttribute(name);
  }
}

/** Fills a form from `{field: value}`, each key matched to a field by autocomplete, label, name, then type. */
export const formFill: ActionHandler<'form_fill'> = async (action, { page, timeoutMs }) => {
  const keys = Object.keys(action.value);
  const matches: FieldMatch[] = await page.evaluate(
    inPage(markFormFields, { keys, aliases: AUTOCOMPLETE_ALIASES, attribute: MARKER_ATTRIBUTE }),
  );
  try {
    const missing = keys.filter((key) => !matches.some((match) => match.key === key));
    if (missing.length > 0) {
      throw new ActionFailure(
        `No form field found for ${missing.join(', ')}`,
        `Fields matched: ${matches.map((m) => m.key).join(', ') || 'none'}`,
      );
    }
    for (const match of matches) {
      const field = page.locator(`[${MARKER_ATTRIBUTE}="${match.marker}"]`);
      await fillField(field, match, action.value[match.key] ?? '', timeoutMs);
    }
  } finally {
    await page.evaluate(inPage(clearMarkers, MARKER_ATTRIBUTE)).catch(() => undefined);
  }
  const filled = Object.fromEntries(matches.map((match) => [match.key, match.how]));
  return { message: `Filled ${matches.length} field(s)`, data: { matched_by: filled } };
};
