import { z } from 'zod';
import { queryBoolean, timestamp } from './common';
import { defineOperation } from './contract';
import { actionResultSchema, pageActionSchema, scrapeOptionsShape } from './page-actions';

export * from './page-actions';

const sessionParams = z.strictObject({ session_id: z.string().min(1) });

// Observation: mirrors src/service/page/observe/types.ts field for field.

export const viewportSchema = z.object({
  scroll_x: z.number(),
  scroll_y: z.number(),
  viewport_width: z.number(),
  viewport_height: z.number(),
  total_width: z.number(),
  total_height: z.number(),
});

export const tabInfoSchema = z.object({ tab_id: z.number().int(), title: z.string(), url: z.string() });

export const interactionActionSchema = z.object({
  id: z
    .string()
    .describe('L link, B button, I input, F image, O option, M other; renumbered on every observe'),
  type: z.enum(['click', 'fill', 'check', 'select_dropdown_option', 'upload_file']),
  text_label: z.string(),
  selector: z.string().describe('Playwright selector that finds the element on later visits'),
  param: z
    .object({ name: z.string(), type: z.enum(['string', 'boolean']), values: z.array(z.string()).optional() })
    .optional(),
});

export const observationSchema = z.object({
  metadata: z.object({
    url: z.string(),
    title: z.string(),
    timestamp,
    viewport: viewportSchema,
    tabs: z.array(tabInfoSchema),
  }),
  screenshot: z.string().optional().describe('Base64 PNG of the viewport, when asked for'),
  space: z.object({
    description: z
      .string()
      .describe('One line per element, e.g. `B3[:]<button type="submit">Sign in</button>`'),
    interaction_actions: z.array(interactionActionSchema),
    category: z.string().optional(),
  }),
  started_at: timestamp,
  ended_at: timestamp,
});
export type ObservationBody = z.infer<typeof observationSchema>;

export const observeRequestSchema = z.strictObject({
  instructions: z
    .string()
    .max(10_000)
    .optional()
    .describe('What you are looking for: elements whose line mentions its words are listed first'),
  perception_type: z
    .enum(['fast', 'deep'])
    .default('fast')
    .describe('`deep` lets the page finish its network requests (up to 2 s) before observing'),
  min_nb_actions: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Observe again until the page shows at least this many elements (up to the action timeout)'),
  max_nb_actions: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('List at most this many elements, the most relevant'),
  url: z.string().min(1).optional().describe('Navigate here first'),
  screenshot: z.boolean().default(false).describe('Include a base64 screenshot of the viewport'),
});

// Scrape.

export const scrapeRequestSchema = z.strictObject(scrapeOptionsShape);
export type ScrapeRequest = z.infer<typeof scrapeRequestSchema>;

export const scrapeResponseSchema = z.object({
  markdown: z.string(),
  images: z.array(z.object({ url: z.string(), description: z.string().optional() })).optional(),
  links: z.array(z.object({ url: z.string(), text: z.string() })).optional(),
  structured: z
    .object({ success: z.boolean(), error: z.string().optional(), data: z.unknown().optional() })
    .optional(),
});
export type ScrapeResponse = z.infer<typeof scrapeResponseSchema>;

// Screenshot.

export const screenshotRequestSchema = z.strictObject({
  full_page: z.boolean().default(false),
  type: z.enum(['png', 'jpeg']).default('png'),
  quality: z.number().int().min(1).max(100).optional().describe('JPEG quality'),
});

// Workflow code.

export const workflowCodeQuerySchema = z.strictObject({
  as_workflow: queryBoolean
    .default(true)
    .describe('Wrap the steps in `def run()` (a Function); else a script'),
  language: z.enum(['python', 'typescript']).default('python'),
});

export const workflowCodeSchema = z.object({
  python_script: z.string(),
  typescript_script: z.string().optional().describe('Present when `language=typescript`'),
  json_actions: z.array(z.record(z.string(), z.unknown())).describe('The steps as execute bodies'),
});
export type WorkflowCode = z.infer<typeof workflowCodeSchema>;

export const pageOperations = {
  observePage: defineOperation({
    id: 'observePage',
    method: 'POST',
    path: '/sessions/{session_id}/page/observe',
    summary: 'Observe the page: interactive elements with ids and selectors, text, metadata',
    tag: 'page',
    auth: 'key',
    params: sessionParams,
    body: observeRequestSchema,
    response: observationSchema,
  }),
  executeAction: defineOperation({
    id: 'executeAction',
    method: 'POST',
    path: '/sessions/{session_id}/page/execute',
    summary: 'Run one page action; a failure in the page is success:false, not an HTTP error',
    tag: 'page',
    auth: 'key',
    params: sessionParams,
    body: pageActionSchema,
    response: actionResultSchema,
  }),
  scrapePage: defineOperation({
    id: 'scrapePage',
    method: 'POST',
    path: '/sessions/{session_id}/page/scrape',
    summary: 'Markdown, links and images of the page; structured data with instructions',
    tag: 'page',
    auth: 'key',
    params: sessionParams,
    body: scrapeRequestSchema,
    response: scrapeResponseSchema,
  }),
  screenshotPage: defineOperation({
    id: 'screenshotPage',
    method: 'POST',
    path: '/sessions/{session_id}/page/screenshot',
    summary: 'Screenshot of the active tab (image bytes)',
    tag: 'page',
    auth: 'key',
    params: sessionParams,
    body: screenshotRequestSchema,
    produces: 'image/png',
  }),
  getWorkflowCode: defineOperation({
    id: 'getWorkflowCode',
    method: 'GET',
    path: '/sessions/{session_id}/workflow/code',
    summary: 'The recorded steps as Python (and TypeScript) workflow code and as JSON actions',
    tag: 'sessions',
    auth: 'key',
    params: sessionParams,
    query: workflowCodeQuerySchema,
    response: workflowCodeSchema,
  }),
} as const;
