import { z } from 'zod';
import { defineOperation } from './contract';
import { timestamp } from './common';

export const storedFileSchema = z.object({
  name: z.string().describe('The stored (sanitized) file name'),
  size: z.number().int().describe('Bytes'),
  created_at: timestamp,
});
export type StoredFile = z.infer<typeof storedFileSchema>;

const fileListSchema = z.object({ files: z.array(storedFileSchema) });
const fileName = z.string().min(1).max(1000);
// Session ids become directory names: only the characters ids are made of.
const sessionId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'not a session id');

export const fileOperations = {
  uploadFile: defineOperation({
    id: 'uploadFile',
    method: 'POST',
    path: '/storage/uploads/{filename}',
    summary:
      'Store a file for the account, for `upload_file` actions: the raw bytes as the body (application/octet-stream) ' +
      'or multipart with a `file` field. The name is sanitized; the stored name is returned. Replaces a file of that name.',
    tag: 'files',
    auth: 'key',
    params: z.strictObject({ filename: fileName }),
    response: z.object({ success: z.boolean(), message: z.string(), file: storedFileSchema }),
  }),
  listUploads: defineOperation({
    id: 'listUploads',
    method: 'GET',
    path: '/storage/uploads',
    summary: 'Files uploaded to the account',
    tag: 'files',
    auth: 'key',
    response: fileListSchema,
  }),
  listDownloads: defineOperation({
    id: 'listDownloads',
    method: 'GET',
    path: '/storage/{session_id}/downloads',
    summary: 'Files a session downloaded',
    tag: 'files',
    auth: 'key',
    params: z.strictObject({ session_id: sessionId }),
    response: fileListSchema,
  }),
  getDownload: defineOperation({
    id: 'getDownload',
    method: 'GET',
    path: '/storage/{session_id}/downloads/{filename}',
    summary: 'The bytes of a file a session downloaded',
    tag: 'files',
    auth: 'key',
    params: z.strictObject({ session_id: sessionId, filename: fileName }),
    produces: 'application/octet-stream',
  }),
} as const;
