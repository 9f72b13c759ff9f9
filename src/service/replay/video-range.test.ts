import { describe, expect, it } from 'vitest';
import { requestedRange } from './video-range';

describe('video byte ranges (seeking in a <video> player)', () => {
  it('reads the spans players ask for', () => {
    expect(requestedRange('bytes=0-', 1000)).toEqual({ start: 0, end: 999 });
    expect(requestedRange('bytes=100-199', 1000)).toEqual({ start: 100, end: 199 });
    expect(requestedRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
  });

  it('ignores what it cannot serve', () => {
    expect(requestedRange(undefined, 1000)).toBeUndefined();
    expect(requestedRange('bytes=2000-', 1000)).toBeUndefined();
    expect(requestedRange('bytes=0-1,5-6', 1000)).toBeUndefined();
  });
});
