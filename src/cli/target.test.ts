import { describe, expect, it } from 'vitest';
import { parseTarget } from './target';

describe('parseTarget', () => {
  it('reads observe ids of every role letter', () => {
    for (const id of ['L1', 'B12', 'I3', 'F4', 'O5', 'M6']) expect(parseTarget(id)).toEqual({ id });
  });

  it('treats everything else as a Playwright selector, nth included', () => {
    expect(parseTarget('#email')).toEqual({ selector: '#email' });
    expect(parseTarget('button >> nth=1')).toEqual({ selector: 'button >> nth=1' });
    expect(parseTarget('b3')).toEqual({ selector: 'b3' });
    expect(parseTarget('X1')).toEqual({ selector: 'X1' });
  });
});
