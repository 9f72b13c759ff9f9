import { z } from 'zod';
import { defineOperation } from './contract';

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  description: z.string(),
});

export const healthOperations = {
  getHealth: defineOperation({
    id: 'getHealth',
    method: 'GET',
    path: '/health',
    summary: 'Service status and version; HEAD returns only the headers',
    tag: 'health',
    auth: 'none',
    response: healthSchema,
  }),
} as const;
