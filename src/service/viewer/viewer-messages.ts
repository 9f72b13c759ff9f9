import { z } from 'zod';

const fraction = z.number().min(0).max(1);
const modifiers = z.number().int().min(0).max(15).default(0);

/** What a viewer page sends over its WebSocket. Pointer positions are fractions of the frame shown. */
export const viewerInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('size'),
    width: z.number().int().min(50).max(8192),
    height: z.number().int().min(50).max(8192),
  }),
  z.object({
    type: z.literal('mouse'),
    event: z.enum(['down', 'up', 'move']),
    x: fraction,
    y: fraction,
    button: z.enum(['left', 'middle', 'right', 'none']).default('none'),
    clickCount: z.number().int().min(0).max(3).default(0),
    modifiers,
  }),
  z.object({
    type: z.literal('wheel'),
    x: fraction,
    y: fraction,
    deltaX: z.number(),
    deltaY: z.number(),
    modifiers,
  }),
  z.object({
    type: z.literal('key'),
    event: z.enum(['down', 'up']),
    key: z.string().max(32),
    code: z.string().max(32).default(''),
    keyCode: z.number().int().min(0).max(255).default(0),
    modifiers,
  }),
  z.object({ type: z.literal('text'), text: z.string().max(100_000) }),
  z.object({ type: z.literal('tab'), index: z.number().int().min(0) }),
]);
export type ViewerInput = z.infer<typeof viewerInputSchema>;

export interface TabSummary {
  index: number;
  title: string;
  url: string;
}

/** What the service sends to a viewer page. */
export type ViewerOutput =
  | { type: 'frame'; data: string; width: number; height: number }
  | { type: 'tabs'; tabs: TabSummary[]; watched: number; control: boolean }
  | { type: 'ended'; reason: string }
  | { type: 'error'; message: string };
