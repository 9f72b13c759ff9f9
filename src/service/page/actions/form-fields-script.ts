/// <reference lib="dom" />
// Runs in the page through page.evaluate: self-contained, no imports at run time.

export interface FieldMatch {
  key: string;
  /** Value of the temporary marker attribute the field got, to address it with a locator. */
  marker: string;
  kind: 'text' | 'select' | 'checkbox' | 'radio';
  /** Which rule matched, reported back so a caller can see why a field was chosen. */
  how: 'autocomplete' | 'label' | 'name' | 'type';
}

/**
 * Marks, for each key, the form field it names: first by autocomplete token, then by label text (label element,
 * aria-label, placeholder), then by name or id, then by input type. `aliases` maps a normalized key to the
 * autocomplete tokens it stands for. Fields already taken by an earlier key are not reused.
 */
export function markFormFields(input: {
  keys: string[];
  aliases: Record<string, string[]>;
  attribute: string;
}): FieldMatch[] {
  const normalize = (text: string | null | undefined): string =>
    (text ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  const fields = [...document.querySelectorAll('input, select, textarea')].filter((el) => {
    const field = el as HTMLInputElement;
    if (field.disabled || ['hidden', 'submit', 'button', 'reset', 'image', 'file'].includes(field.type))
      return false;
    const box = field.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(field).visibility !== 'hidden';
  }) as HTMLInputElement[];
  const labelOf = (field: HTMLInputElement): string =>
    normalize(
      [...(field.labels ?? [])].map((label) => label.textContent).join(' ') ||
        field.getAttribute('aria-label') ||
        field.getAttribute('placeholder'),
    );
  const autocompleteOf = (field: HTMLInputElement): string[] =>
    (field.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/).map(normalize).filter(Boolean);
  const taken = new Set<Element>();
  const strategies: [
    FieldMatch['how'],
    (field: HTMLInputElement, key: string, aliases: string[]) => boolean,
  ][] = [
    [
      'autocomplete',
      (field, key, aliases) =>
        autocompleteOf(field).some((token) => token === key || aliases.includes(token)),
    ],
    ['label', (field, key) => labelOf(field) === key],
    ['name', (field, key) => normalize(field.name) === key || normalize(field.id) === key],
    ['label', (field, key) => labelOf(field).includes(key)],
    [
      'type',
      (field, key, aliases) => normalize(field.type) === key || aliases.includes(normalize(field.type)),
    ],
  ];
  const matches: FieldMatch[] = [];
  input.keys.forEach((key, index) => {
    const normalized = normalize(key);
    const aliases = input.aliases[normalized] ?? [];
    for (const [how, test] of strategies) {
      const field = fields.find((candidate) => !taken.has(candidate) && test(candidate, normalized, aliases));
      if (!field) continue;
      taken.add(field);
      const marker = String(index);
      field.setAttribute(input.attribute, marker);
      const kind =
        field.tagName === 'SELECT'
          ? 'select'
          : field.type === 'checkbox'
            ? 'checkbox'
            : field.type === 'radio'
              ? 'radio'
              : 'text';
      matches.push({ key, marker, kind, how });
      return;
    }
  });
  return matches;
}
