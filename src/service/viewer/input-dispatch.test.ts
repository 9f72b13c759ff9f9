import { describe, expect, it } from 'vitest';
import { toCdpCommand } from './input-dispatch';

const frame = { width: 1024, height: 768 };

describe('viewer input to CDP', () => {
  it('scales pointer fractions to the page CSS pixels', () => {
    const command = toCdpCommand(
      { type: 'mouse', event: 'down', x: 0.5, y: 0.25, button: 'left', clickCount: 1, modifiers: 0 },
      frame,
    );
    expect(command).toEqual({
      method: 'Input.dispatchMouseEvent',
      params: { type: 'mousePressed', x: 512, y: 192, button: 'left', clickCount: 1, modifiers: 0 },
    });
  });

  it('types printable keys and Enter, but not Ctrl shortcuts', () => {
    const key = (key: string, modifiers = 0) =>
      toCdpCommand({ type: 'key', event: 'down', key, code: '', keyCode: 0, modifiers }, frame)?.params;
    expect(key('a')).toMatchObject({ type: 'keyDown', text: 'a' });
    expect(key('Enter')).toMatchObject({ type: 'keyDown', text: '\r' });
    expect(key('ArrowLeft')).toMatchObject({ type: 'rawKeyDown' });
    expect(key('c', 2)).not.toHaveProperty('text');
  });

  it('pastes text in one insert', () => {
    expect(toCdpCommand({ type: 'text', text: 'hello' }, frame)).toEqual({
      method: 'Input.insertText',
      params: { text: 'hello' },
    });
  });
});
