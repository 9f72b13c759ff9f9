/// <reference lib="dom" />
// Runs in the page: handed to observeScript as an argument, so it must stay self-contained (no imports, no
// closures over module values). Selectors are relative to one frame; observeScript chains the frames.

/** An element whose ARIA role can collide with a role selector of the same frame. */
export interface RoleCandidate {
  el: Element;
  role: string;
}

export interface SelectorScope {
  /** The frame's document and every open shadow root found in it: Playwright's CSS pierces all of them. */
  roots: ParentNode[];
  roleCandidates: RoleCandidate[];
  /** Text of the `<label>`s of a form control, '' when it has none. */
  labelText: (el: Element) => string;
}

/**
 * Returns a function giving each element of the scope a Playwright selector that matches it alone. Preference:
 * stable `#id`, test id, form-field `[name]`, `internal:role=...[name="..."i]`, then a CSS path, which is unique
 * by construction so ` >> nth=N` is never needed.
 */
export function createSelectorFinder(scope: SelectorScope): (el: Element) => string {
  const ROLE_SELECTOR_ROLES = new Set([
    'button',
    'link',
    'checkbox',
    'radio',
    'tab',
    'menuitem',
    'switch',
    'option',
  ]);
  const TEST_ID_ATTRIBUTES = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
  const NAMED_TAGS = new Set(['input', 'select', 'textarea', 'button', 'iframe', 'form']);
  const PLAIN_INLINE = new Set([
    'span',
    'b',
    'strong',
    'i',
    'em',
    'small',
    'u',
    'mark',
    'abbr',
    'code',
    'sup',
    'sub',
    'br',
  ]);
  const MAX_NAME_LENGTH = 80;

  const normalize = (text: string): string => text.replace(/\s+/g, ' ').trim();
  const quote = (value: string): string => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

  // Framework ids (React `:r1:`, Ember `ember123`, uuids, counters) change between renders: never anchor on them.
  const isStableId = (id: string): boolean =>
    /^[A-Za-z][\w-]*$/.test(id) &&
    id.length <= 50 &&
    !/\d{3,}/.test(id) &&
    !/(?=[a-f]*\d)[0-9a-f]{8,}/i.test(id) &&
    !/^(ember|react-|mui-|radix-|headlessui-|rc-|yui_)/i.test(id);

  const cssCandidates = (el: Element): string[] => {
    const out: string[] = [];
    const id = el.getAttribute('id');
    if (id && isStableId(id)) out.push(`#${id}`);
    for (const attribute of TEST_ID_ATTRIBUTES) {
      const value = el.getAttribute(attribute);
      if (value && !/[\n\r]/.test(value)) out.push(`[${attribute}=${quote(value)}]`);
    }
    const tag = el.localName;
    const name = el.getAttribute('name');
    if (NAMED_TAGS.has(tag) && name && !/[\n\r]/.test(name)) {
      const value = el.getAttribute('value');
      if (
        value !== null &&
        /^(radio|checkbox)$/i.test(el.getAttribute('type') ?? '') &&
        !/[\n\r]/.test(value)
      ) {
        out.push(`${tag}[name=${quote(name)}][value=${quote(value)}]`);
      }
      out.push(`${tag}[name=${quote(name)}]`);
    }
    if (tag === 'iframe' && el.getAttribute('title'))
      out.push(`iframe[title=${quote(el.getAttribute('title') ?? '')}]`);
    return out;
  };

  // One pass over every element that carries a candidate attribute, so that uniqueness costs a map lookup
  // instead of a querySelectorAll per element; hidden elements count too, as Playwright's CSS sees them.
  const cssCounts = new Map<string, number>();
  for (const root of scope.roots) {
    const carriers = root.querySelectorAll(
      `[id],[name],[title],${TEST_ID_ATTRIBUTES.map((a) => `[${a}]`).join(',')}`,
    );
    for (const el of Array.from(carriers)) {
      for (const selector of cssCandidates(el)) cssCounts.set(selector, (cssCounts.get(selector) ?? 0) + 1);
    }
  }

  // innerText (which drops hidden descendants, as the accessible name does) only when there are descendants:
  // it costs a layout-tree walk that plain text does not need.
  const contentName = (el: Element): string | null => {
    const descendants = el.querySelectorAll('*');
    const plain = Array.from(descendants).every(
      (child) => PLAIN_INLINE.has(child.localName) && !child.hasAttribute('aria-label'),
    );
    if (!plain) return null;
    const hasDescendants = descendants.length > 0 && 'innerText' in el;
    const text = normalize(hasDescendants ? (el as HTMLElement).innerText : (el.textContent ?? ''));
    return text || normalize(el.getAttribute('title') ?? '') || null;
  };

  const labelsName = (el: Element): string | null =>
    scope.labelText(el) || normalize(el.getAttribute('title') ?? '') || null;

  // An approximation of Playwright's accessible name. null means "cannot tell": such an element never gets a role
  // selector and, as a rival, is assumed to match every name, so that an approximation never yields a selector
  // that matches two elements.
  const accessibleName = (el: Element): string | null => {
    if (el.hasAttribute('aria-labelledby')) return null;
    const ariaLabel = normalize(el.getAttribute('aria-label') ?? '');
    if (ariaLabel) return ariaLabel;
    if (el.localName !== 'input') return contentName(el);
    const type = (el as HTMLInputElement).type;
    if (type === 'checkbox' || type === 'radio' || type === 'file') return labelsName(el);
    if (type === 'submit' || type === 'button' || type === 'reset')
      return normalize(el.getAttribute('value') ?? '') || null;
    return null;
  };

  // Lower-cased names per role: Playwright's `name="..."i` matches any name that contains the text.
  const namesByElement = new Map<Element, { role: string; name: string | null }>();
  const needlesByRole = new Map<string, (string | null)[]>();
  for (const { el, role } of scope.roleCandidates) {
    if (!ROLE_SELECTOR_ROLES.has(role)) continue;
    const name = accessibleName(el);
    namesByElement.set(el, { role, name });
    const needles = needlesByRole.get(role) ?? [];
    needles.push(name && name.toLowerCase());
    needlesByRole.set(role, needles);
  }

  const roleSelector = (el: Element): string | null => {
    const own = namesByElement.get(el);
    if (!own?.name || own.name.length > MAX_NAME_LENGTH) return null;
    const needle = own.name.toLowerCase();
    let matches = 0;
    for (const name of needlesByRole.get(own.role) ?? []) {
      if (name === null || name.includes(needle)) matches += 1;
      if (matches > 1) return null;
    }
    return `internal:role=${own.role}[name=${quote(own.name)}i]`;
  };

  const parentOf = (el: Element): Element | null => {
    const parent = el.parentNode;
    if (parent && parent.nodeType === Node.DOCUMENT_FRAGMENT_NODE) return (parent as ShadowRoot).host;
    return el.parentElement;
  };

  // Walks siblings instead of copying parent.children: a long list (table rows) would make that quadratic.
  const pathStep = (el: Element): string => {
    const tag = el.localName;
    let position = 1;
    for (let sibling = el.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
      if (sibling.localName === tag) position += 1;
    }
    let hasLaterTwin = false;
    for (
      let sibling = el.nextElementSibling;
      sibling && !hasLaterTwin;
      sibling = sibling.nextElementSibling
    ) {
      hasLaterTwin = sibling.localName === tag;
    }
    const escaped = CSS.escape(tag);
    return position > 1 || hasLaterTwin ? `${escaped}:nth-of-type(${position})` : escaped;
  };

  const uniqueCss = (el: Element): string | undefined =>
    cssCandidates(el).find((selector) => cssCounts.get(selector) === 1);

  // `>` in Playwright's CSS steps from a shadow root's child to its host, so one path crosses shadow roots.
  const cssPath = (el: Element): string => {
    const steps = [pathStep(el)];
    for (let ancestor = parentOf(el); ancestor; ancestor = parentOf(ancestor)) {
      const anchor = uniqueCss(ancestor);
      steps.unshift(anchor ?? pathStep(ancestor));
      if (anchor) break;
    }
    return steps.join(' > ');
  };

  return (el) => uniqueCss(el) ?? roleSelector(el) ?? cssPath(el);
}
