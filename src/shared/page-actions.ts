import { z } from 'zod';

/**
 * The body of `POST /sessions/{id}/page/execute`: one bare action object, discriminated by `type`, exactly as
 * API.md lists them. Element actions take `id` (from the last observe) or `selector` (Playwright syntax,
 * ` >> nth=N` allowed); every action takes `press_enter` and `timeout` (ms).
 */

const common = {
  press_enter: z.boolean().optional().describe('Press Enter after the action'),
  timeout: z.number().int().min(0).max(600_000).optional().describe('Time limit of the action, milliseconds'),
};

const target = {
  id: z
    .string()
    .regex(/^[LBIFOM]\d+$/, 'an element id from observe: a role letter (L, B, I, F, O, M) and a number')
    .optional()
    .describe('Element id from the last observe, e.g. B3'),
  selector: z
    .string()
    .min(1)
    .optional()
    .describe('Playwright selector; append ` >> nth=N` when several match'),
};

const action = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...common, ...shape });

const elementAction = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...common, ...target, ...shape });

export const scrapeOptionsShape = {
  instructions: z
    .string()
    .max(10_000)
    .optional()
    .describe('What to extract; needs a configured language model'),
  only_main_content: z.boolean().default(true).describe('Drop navigation, sidebars, headers and footers'),
  only_images: z.boolean().default(false).describe('Return only the images of the page'),
  scrape_links: z.boolean().default(true).describe('Keep links in the markdown and list them'),
  scrape_images: z.boolean().default(false).describe('List the images of the page'),
  selector: z
    .string()
    .min(1)
    .optional()
    .describe('Scrape only the first element matching this Playwright selector'),
  response_format: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('JSON Schema of the structured result wanted (with `instructions`)'),
};

const url = z.string().min(1).max(8_192);

export const pageActionSchema = z
  .discriminatedUnion('type', [
    action('goto', { url }),
    action('goto_new_tab', { url }),
    action('close_tab', {}),
    action('switch_tab', { tab_index: z.number().int().min(0) }),
    action('go_back', {}),
    action('go_forward', {}),
    action('reload', {}),
    action('wait', { time_ms: z.number().int().min(0).max(600_000) }),
    action('press_key', {
      key: z.string().min(1).max(100).describe('Key name such as Enter, Escape, Tab, Control+A'),
    }),
    action('scroll_up', {
      amount: z.number().int().positive().optional().describe('Pixels; a screen when absent'),
    }),
    action('scroll_down', {
      amount: z.number().int().positive().optional().describe('Pixels; a screen when absent'),
    }),
    action('captcha_solve', {
      captcha_type: z
        .enum(['recaptcha', 'hcaptcha', 'turnstile'])
        .optional()
        .describe('Detected when absent'),
    }),
    action('completion', { success: z.boolean().default(true), answer: z.string().max(100_000) }),
    action('form_fill', {
      value: z
        .record(z.string(), z.string())
        .describe('Field (autocomplete name, label, name or type) → value'),
    }),
    action('scrape', scrapeOptionsShape),
    action('evaluate_js', { code: z.string().min(1).max(100_000) }),
    action('email_read', {
      limit: z.number().int().min(1).max(100).optional(),
      timedelta: z.string().optional(),
      only_unread: z.boolean().optional(),
    }),
    action('sms_read', {
      limit: z.number().int().min(1).max(100).optional(),
      timedelta: z.string().optional(),
      only_unread: z.boolean().optional(),
    }),
    elementAction('click', {}),
    elementAction('fill', { value: z.string().max(100_000), clear_before_fill: z.boolean().default(true) }),
    elementAction('multi_factor_fill', { value: z.string().max(100) }),
    elementAction('check', { value: z.boolean().default(true) }),
    elementAction('select_dropdown_option', { value: z.string() }),
    elementAction('upload_file', {
      file_path: z.string().min(1).describe('Name of a file in the account uploads'),
    }),
    elementAction('download_file', {}),
  ])
  .superRefine((value, context) => {
    const { id, selector } = value as { id?: string; selector?: string };
    if (elementActionTypes.has(value.type) && id === undefined && selector === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['id'],
        message: 'Give the target element: `id` or `selector`',
      });
    }
    if (id !== undefined && selector !== undefined) {
      context.addIssue({ code: 'custom', path: ['selector'], message: 'Give `id` or `selector`, not both' });
    }
  });

export type PageAction = z.infer<typeof pageActionSchema>;
export type PageActionInput = z.input<typeof pageActionSchema>;
export type PageActionType = PageAction['type'];
export type ElementAction = Extract<PageAction, { selector?: string }>;

export const elementActionTypes: ReadonlySet<string> = new Set([
  'click',
  'fill',
  'multi_factor_fill',
  'check',
  'select_dropdown_option',
  'upload_file',
  'download_file',
]);

export const isElementAction = (value: PageAction): value is ElementAction =>
  elementActionTypes.has(value.type);

export const actionResultSchema = z.object({
  action: z.record(z.string(), z.unknown()).describe('The action as executed, secrets redacted'),
  success: z.boolean(),
  message: z.string(),
  data: z.unknown().optional(),
  exception: z.string().optional().describe('What went wrong in the page, when success is false'),
  started_at: z.string(),
  ended_at: z.string(),
});
export type ActionResult = z.infer<typeof actionResultSchema>;
