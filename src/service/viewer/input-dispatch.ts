import type { ViewerInput } from './viewer-messages';

/** The CSS-pixel size of the page area the frames show (from the screencast frame metadata). */
export interface FrameGeometry {
  width: number;
  height: number;
}

export interface CdpCommand {
  method: 'Input.dispatchMouseEvent' | 'Input.dispatchKeyEvent' | 'Input.insertText';
  params: Record<string, unknown>;
}

const mouseTypes = { down: 'mousePressed', up: 'mouseReleased', move: 'mouseMoved' } as const;
const buttons = { left: 'left', middle: 'middle', right: 'right', none: 'none' } as const;
const ctrlOrMeta = 2 | 4;

/** Keys whose press types a character (beyond single printable ones). */
const typedByKey: Record<string, string> = { Enter: '\r', Tab: '\t' };

/** The text a key press types, none for shortcuts (Ctrl/Meta held) and non-printing keys. */
function typedText(key: string, modifiers: number): string | undefined {
  if (modifiers & ctrlOrMeta) return undefined;
  if (key.length === 1) return key;
  return typedByKey[key];
}

/**
 * One viewer input as the CDP command that replays it in the page. Pointer fractions are scaled to the
 * page's CSS pixels, so the viewer's own display size and device pixel ratio do not matter.
 */
export function toCdpCommand(input: ViewerInput, frame: FrameGeometry): CdpCommand | undefined {
  switch (input.type) {
    case 'mouse':
      return {
        method: 'Input.dispatchMouseEvent',
        params: {
          type: mouseTypes[input.event],
          x: input.x * frame.width,
          y: input.y * frame.height,
          button: buttons[input.button],
          clickCount: input.clickCount,
          modifiers: input.modifiers,
        },
      };
    case 'wheel':
      return {
        method: 'Input.dispatchMouseEvent',
        params: {
          type: 'mouseWheel',
          x: input.x * frame.width,
          y: input.y * frame.height,
          deltaX: input.deltaX,
          deltaY: input.deltaY,
          modifiers: input.modifiers,
        },
      };
    case 'key': {
      const text = input.event === 'down' ? typedText(input.key, input.modifiers) : undefined;
      const type =
        input.event === 'up' ? ('keyUp' as const) : text ? ('keyDown' as const) : ('rawKeyDown' as const);
      return {
        method: 'Input.dispatchKeyEvent',
        params: {
          type,
          key: input.key,
          code: input.code,
          windowsVirtualKeyCode: input.keyCode,
          modifiers: input.modifiers,
          ...(text ? { text, unmodifiedText: text } : {}),
        },
      };
    }
    case 'text':
      return { method: 'Input.insertText', params: { text: input.text } };
    default:
      return undefined;
  }
}
