import { describe, expect, it } from 'vitest';
import { renderObservation } from './render-observation.js';
import type { RawElement, RawNode } from './types.js';

function element(overrides: Partial<RawElement>): RawElement {
  return {
    kind: 'element',
    letter: 'B',
    tag: 'button',
    role: 'button',
    attributes: [],
    text: '',
    label: '',
    selector: 'button',
    framePath: [],
    ...overrides,
  };
}

describe('renderObservation', () => {
  it('numbers each letter from 1 in document order, text lines unnumbered', () => {
    const nodes: RawNode[] = [
      element({ letter: 'L', tag: 'a', role: 'link', text: 'Home', attributes: [['href', '/']] }),
      { kind: 'text', text: 'Welcome' },
      element({ text: 'Go', attributes: [['type', 'submit']] }),
      element({ letter: 'L', tag: 'a', role: 'link', text: 'Docs', attributes: [['href', '/docs']] }),
    ];
    const { space, elements } = renderObservation(nodes);
    expect(space.description).toBe(
      [
        'L1[:]<a href="/">Home</a>',
        '_[:]Welcome',
        'B1[:]<button type="submit">Go</button>',
        'L2[:]<a href="/docs">Docs</a>',
      ].join('\n'),
    );
    expect([...elements.keys()]).toEqual(['L1', 'B1', 'L2']);
  });

  it('escapes quotes in attribute values and renders flags bare', () => {
    const node = element({
      letter: 'I',
      tag: 'input',
      role: 'textbox',
      inputType: 'text',
      attributes: [
        ['placeholder', 'Say "hi"'],
        ['value', ''],
        ['disabled', true],
      ],
    });
    expect(renderObservation([node]).space.description).toBe(
      'I1[:]<input placeholder="Say &quot;hi&quot;" value="" disabled>',
    );
  });

  it('gives elements inside iframes a selector that enters each frame', () => {
    const node = element({ selector: '#ok', framePath: ['iframe[title="Outer"]', 'iframe[name="inner"]'] });
    const { space, elements } = renderObservation([node]);
    const selector =
      'iframe[title="Outer"] >> internal:control=enter-frame >> iframe[name="inner"] >> internal:control=enter-frame >> #ok';
    expect(space.interaction_actions[0]).toEqual({ id: 'B1', type: 'click', text_label: '', selector });
    expect(elements.get('B1')).toMatchObject({ selector, framePath: node.framePath, action: 'click' });
  });
});
