/// <reference lib="dom" />
// Runs in the page through one page.evaluate, so it must stay self-contained: no imports at run time, no closures
// over module values; the selector finder arrives as an argument (see observeExpression in observe-page.ts).
import type { RoleCandidate, createSelectorFinder } from './selector-script.js';
import type { ObserveScriptOptions, ObserveScriptResult, RawElement, RawNode, RoleLetter } from './types.js';

interface FrameScan {
  win: Window;
  roots: ParentNode[];
  roleCandidates: RoleCandidate[];
  labelText: (el: Element) => string;
  parent?: { scan: FrameScan; iframe: Element };
  path: string[];
  findSelector: (el: Element) => string;
}

/** What an element inherits from the walk above it. */
interface WalkContext {
  /** Inside a reported element: only native or ARIA controls are reported, not clickable-looking ones. */
  insideControl: boolean;
  /** An element above already shows this text in full on its own line. */
  textTaken: boolean;
  textVisible: boolean;
  cursor: string;
}

/**
 * Walks the rendered tree of the page (open shadow roots through their slots, same-origin iframes through their
 * documents) in document order and returns its interactive elements and visible text as plain data.
 */
export function observeScript(
  options: ObserveScriptOptions,
  selectorFinder: typeof createSelectorFinder,
): ObserveScriptResult {
  const SKIPPED_TAGS = new Set([
    'script',
    'style',
    'noscript',
    'template',
    'head',
    'datalist',
    'option',
    'optgroup',
  ]);
  // Content we report through the element itself (selected option, value) or not at all (svg drawing).
  const OPAQUE_TAGS = new Set(['select', 'textarea', 'svg']);
  const LETTER_BY_ROLE: Record<string, RoleLetter> = {
    link: 'L',
    button: 'B',
    tab: 'B',
    menuitem: 'B',
    menuitemcheckbox: 'B',
    menuitemradio: 'B',
    switch: 'B',
    checkbox: 'B',
    radio: 'B',
    textbox: 'I',
    combobox: 'I',
    searchbox: 'I',
    listbox: 'I',
    slider: 'I',
    spinbutton: 'I',
    option: 'O',
    treeitem: 'M',
    gridcell: 'M',
  };
  const RENDERED_ATTRIBUTES = [
    'type',
    'name',
    'role',
    'placeholder',
    'aria-label',
    'title',
    'alt',
    'href',
    'aria-expanded',
    'aria-checked',
    'aria-selected',
  ];
  const INPUT_ROLES: Record<string, string> = {
    button: 'button',
    submit: 'button',
    reset: 'button',
    image: 'button',
    file: 'button',
    checkbox: 'checkbox',
    radio: 'radio',
    range: 'slider',
    number: 'spinbutton',
    search: 'searchbox',
    hidden: '',
  };

  const nodes: RawNode[] = [];
  const pending: { raw: RawElement; el: Element; scan: FrameScan }[] = [];
  const scans: FrameScan[] = [];
  let textBuffer = '';

  const normalize = (text: string): string => text.replace(/\s+/g, ' ').trim();
  const truncate = (text: string, max: number): string =>
    text.length > max ? `${text.slice(0, max - 1)}…` : text;

  const flushText = (): void => {
    const text = normalize(textBuffer);
    textBuffer = '';
    if (text) nodes.push({ kind: 'text', text: truncate(text, options.maxTextLength) });
  };

  const ariaRole = (el: Element, tag: string): string => {
    const explicit = (el.getAttribute('role') ?? '').trim().toLowerCase().split(/\s+/)[0];
    if (explicit) return explicit;
    if (tag === 'a' || tag === 'area') return el.hasAttribute('href') ? 'link' : '';
    if (tag === 'button') return 'button';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select')
      return (el as HTMLSelectElement).multiple || (el as HTMLSelectElement).size > 1
        ? 'listbox'
        : 'combobox';
    if (tag === 'img')
      return el.getAttribute('alt') === '' && !el.getAttribute('title') ? 'presentation' : 'img';
    if (tag !== 'input') return '';
    return INPUT_ROLES[(el as HTMLInputElement).type] ?? 'textbox';
  };

  // The attribute test first: isContentEditable consults computed style, too slow to ask of every element.
  const isEditingHost = (el: Element): boolean =>
    el.hasAttribute('contenteditable') &&
    (el as HTMLElement).isContentEditable === true &&
    (el.parentElement as HTMLElement | null)?.isContentEditable !== true;

  // Clicks wired by frameworks leave no trace in the DOM; a pointer cursor that starts at this element is the
  // best signal left, next to inline handlers and tabindex.
  const looksClickable = (
    el: Element,
    tag: string,
    style: CSSStyleDeclaration,
    parent: WalkContext,
  ): boolean =>
    typeof (el as HTMLElement).onclick === 'function' ||
    Number(el.getAttribute('tabindex') ?? '-1') >= 0 ||
    (style.cursor === 'pointer' && parent.cursor !== 'pointer' && tag !== 'label');

  const hasLabel = (el: Element): boolean =>
    Boolean(el.getAttribute('alt') || el.getAttribute('aria-label') || el.getAttribute('title'));

  const letterFor = (
    el: Element,
    tag: string,
    role: string,
    style: CSSStyleDeclaration,
    parent: WalkContext,
  ): RoleLetter | null => {
    if (tag === 'input' && (el as HTMLInputElement).type === 'file') return 'I';
    if (LETTER_BY_ROLE[role]) return LETTER_BY_ROLE[role];
    if (tag === 'summary') return 'B';
    if (tag === 'input') return (el as HTMLInputElement).type === 'hidden' ? null : 'I';
    if (isEditingHost(el)) return 'I';
    if (parent.insideControl) return null;
    const clickable = looksClickable(el, tag, style, parent);
    if ((role === 'img' || tag === 'figure') && (clickable || hasLabel(el))) return 'F';
    return clickable ? 'M' : null;
  };

  const isDisabled = (el: Element): boolean =>
    (el as HTMLButtonElement).disabled === true ||
    el.getAttribute('aria-disabled') === 'true' ||
    el.closest('fieldset[disabled]') !== null;

  const displayValue = (el: HTMLInputElement | HTMLTextAreaElement): string =>
    // A vault may have typed a real secret into a password field: it must never leave the browser.
    el.type === 'password' && el.value ? '********' : el.value;

  const showsValue = (el: Element, tag: string): boolean =>
    tag === 'input' && !/^(checkbox|radio|file|image)$/.test((el as HTMLInputElement).type);

  const attributesFor = (el: Element, tag: string, editable: boolean): [string, string | true][] => {
    const out: [string, string | true][] = [];
    for (const name of RENDERED_ATTRIBUTES) {
      const value = el.getAttribute(name);
      if (value) out.push([name, truncate(value, options.maxLabelLength)]);
    }
    if (showsValue(el, tag))
      out.push(['value', truncate(displayValue(el as HTMLInputElement), options.maxLabelLength)]);
    if ((el as HTMLInputElement).checked === true && tag === 'input') out.push(['checked', true]);
    if (editable) out.push(['contenteditable', true]);
    // Disabled controls are reported, not skipped: the agent must know the submit button exists but is not usable
    // yet (a form to complete first), and an action on it then fails as "disabled", not as "not found".
    if (isDisabled(el)) out.push(['disabled', true]);
    return out;
  };

  // An icon or logo link has no text of its own: the image's text alternative says what it is.
  const imageText = (el: Element): string => {
    const image = el.querySelector('img[alt]:not([alt=""]), [aria-label], svg title');
    return normalize(
      image?.getAttribute('alt') ?? image?.getAttribute('aria-label') ?? image?.textContent ?? '',
    );
  };

  const visibleText = (el: Element): string => {
    if (el.children.length === 0) return normalize(el.textContent ?? '');
    const text = normalize('innerText' in el ? (el as HTMLElement).innerText : (el.textContent ?? ''));
    return text || imageText(el);
  };

  const contentText = (el: Element, tag: string): string => {
    if (tag === 'select') return normalize((el as HTMLSelectElement).selectedOptions[0]?.label ?? '');
    if (tag === 'textarea') return displayValue(el as HTMLTextAreaElement);
    return tag === 'input' || tag === 'img' ? '' : visibleText(el);
  };

  // Element.labels scans the whole tree the first time it is read on each element (100 ms for 1,000 controls):
  // one pass over the labels of each root instead.
  const labelTextsByRoot = new Map<Node, Map<Element, string>>();
  const labelText = (el: Element): string => {
    const root = el.getRootNode();
    let byControl = labelTextsByRoot.get(root);
    if (!byControl) {
      byControl = new Map();
      for (const label of Array.from((root as ParentNode).querySelectorAll('label'))) {
        const control = (label as HTMLLabelElement).control;
        if (control)
          byControl.set(
            control,
            normalize(`${byControl.get(control) ?? ''} ${(label as HTMLLabelElement).innerText}`),
          );
      }
      labelTextsByRoot.set(root, byControl);
    }
    return byControl.get(el) ?? '';
  };

  const labelFor = (el: Element, text: string): string => {
    const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .map((id) => (el.getRootNode() as Document | ShadowRoot).getElementById?.(id)?.textContent ?? '')
      .join(' ');
    const candidates = [
      el.getAttribute('aria-label'),
      labelledBy,
      labelText(el),
      text,
      el.getAttribute('placeholder'),
      el.getAttribute('title'),
      el.getAttribute('alt'),
      el.getAttribute('value'),
      el.getAttribute('name'),
    ];
    return truncate(
      normalize(candidates.find((candidate) => candidate && normalize(candidate)) ?? ''),
      options.maxLabelLength,
    );
  };

  const optionLabels = (el: Element): string[] =>
    Array.from((el as HTMLSelectElement).options, (option) => normalize(option.label)).slice(
      0,
      options.maxOptions,
    );

  /** Reports the element; true when its line shows its whole text. */
  const emitElement = (
    el: Element,
    tag: string,
    role: string,
    letter: RoleLetter,
    scan: FrameScan,
  ): boolean => {
    flushText();
    const text = contentText(el, tag);
    const raw: RawElement = {
      kind: 'element',
      letter,
      tag,
      role,
      attributes: attributesFor(el, tag, letter === 'I' && isEditingHost(el)),
      text: truncate(text, options.maxLabelLength),
      label: labelFor(el, text),
      selector: '',
      framePath: [],
    };
    if (tag === 'select') raw.options = optionLabels(el);
    if (tag === 'input') raw.inputType = (el as HTMLInputElement).type;
    nodes.push(raw);
    pending.push({ raw, el, scan });
    return raw.text === text;
  };

  // checkVisibility catches what computed style alone does not: content of closed <details>, content-visibility.
  const hasBox = (el: Element): boolean => {
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && el.checkVisibility();
  };

  const childrenToWalk = (el: Element, scan: FrameScan): ArrayLike<Node> => {
    if (el.shadowRoot) {
      scan.roots.push(el.shadowRoot);
      return el.shadowRoot.childNodes;
    }
    if (el.localName === 'slot') {
      const assigned = (el as HTMLSlotElement).assignedNodes();
      return assigned.length > 0 ? assigned : el.childNodes;
    }
    return el.childNodes;
  };

  const walkChildren = (children: ArrayLike<Node>, scan: FrameScan, context: WalkContext): void => {
    for (let index = 0; index < children.length; index += 1) {
      const child = children[index];
      if (child.nodeType === Node.TEXT_NODE) {
        if (!context.textTaken && context.textVisible) textBuffer += child.nodeValue ?? '';
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        visitElement(child as Element, scan, context);
      }
    }
  };

  const visitElement = (el: Element, scan: FrameScan, parent: WalkContext): void => {
    const tag = el.localName;
    if (SKIPPED_TAGS.has(tag)) return;
    const style = scan.win.getComputedStyle(el);
    if (style.display === 'none') return;
    const isBlock = !style.display.startsWith('inline');
    if (isBlock) flushText();
    const styleVisible = style.visibility === 'visible';
    if (tag === 'iframe') {
      if (styleVisible && hasBox(el)) scanFrame(el as HTMLIFrameElement, scan, parent);
      return flushText();
    }
    const role = ariaRole(el, tag);
    const letter = styleVisible ? letterFor(el, tag, role, style, parent) : null;
    // Visible by style but boxless elements are still rivals for role selectors, as Playwright counts them.
    if (letter) scan.roleCandidates.push({ el, role });
    // Native options are never reported, but Playwright's role=option selectors see them.
    if (tag === 'select')
      for (const option of Array.from((el as HTMLSelectElement).options))
        scan.roleCandidates.push({ el: option, role: 'option' });
    const emitted = letter !== null && hasBox(el);
    const showsWholeText = emitted && emitElement(el, tag, role, letter, scan);
    if (!OPAQUE_TAGS.has(tag) && !(letter === 'I' && isEditingHost(el))) {
      walkChildren(childrenToWalk(el, scan), scan, {
        insideControl: parent.insideControl || letter !== null,
        // Text cut short on the element's line (a whole clickable card) stays on lines of its own.
        textTaken: parent.textTaken || (letter !== null && (showsWholeText || !emitted)),
        textVisible: styleVisible,
        cursor: style.cursor,
      });
    }
    if (isBlock) flushText();
  };

  const scanFrame = (iframe: HTMLIFrameElement, parent: FrameScan, context: WalkContext): void => {
    let doc: Document | null = null;
    try {
      doc = iframe.contentDocument;
    } catch {
      return; // cross-origin: skipped by design
    }
    if (!doc?.documentElement || !doc.defaultView) return;
    const scan = newScan(doc, { scan: parent, iframe });
    visitElement(doc.documentElement, scan, { ...context, cursor: 'auto' });
  };

  const newScan = (doc: Document, parent?: FrameScan['parent']): FrameScan => {
    const scan: FrameScan = {
      win: doc.defaultView as Window,
      roots: [doc],
      roleCandidates: [],
      labelText,
      parent,
      path: [],
      findSelector: () => '',
    };
    scans.push(scan);
    return scan;
  };

  // Selectors need the whole frame seen first (uniqueness); parents are resolved before children so that each
  // frame can prefix its iframe's selector.
  const resolveSelectors = (): void => {
    for (const scan of scans) {
      scan.findSelector = selectorFinder(scan);
      if (scan.parent)
        scan.path = [...scan.parent.scan.path, scan.parent.scan.findSelector(scan.parent.iframe)];
    }
    for (const { raw, el, scan } of pending) {
      raw.selector = scan.findSelector(el);
      raw.framePath = scan.path;
    }
  };

  visitElement(document.documentElement, newScan(document), {
    insideControl: false,
    textTaken: false,
    textVisible: true,
    cursor: 'auto',
  });
  flushText();
  resolveSelectors();
  const root = document.documentElement;
  return {
    url: location.href,
    title: document.title,
    viewport: {
      scroll_x: Math.round(window.scrollX),
      scroll_y: Math.round(window.scrollY),
      viewport_width: window.innerWidth,
      viewport_height: window.innerHeight,
      total_width: Math.max(root.scrollWidth, document.body?.scrollWidth ?? 0),
      total_height: Math.max(root.scrollHeight, document.body?.scrollHeight ?? 0),
    },
    nodes,
  };
}
