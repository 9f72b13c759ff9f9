import { z } from 'zod';

/** `?page=&page_size=` as every list of the API takes them. */
export const pageQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});

/** Query strings carry booleans as text; accept the spellings clients send. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    page_size: z.number().int(),
    has_next: z.boolean(),
    has_previous: z.boolean(),
  });
}

export interface Page<T> {
  items: T[];
  page: number;
  page_size: number;
  has_next: boolean;
  has_previous: boolean;
}

export const timestamp = z.string().describe('ISO-8601 UTC timestamp');

export const statusMessageSchema = z.object({ success: z.boolean(), message: z.string() });
