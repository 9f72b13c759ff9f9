import { z } from 'zod';
import { defineOperation } from './contract';
import { pageOf, pageQuerySchema, statusMessageSchema, timestamp } from './common';

/** A browser profile as listed: what it holds, never the cookie or storage values themselves. */
export const profileSchema = z.object({
  profile_id: z.string(),
  name: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp.describe('When the profile was created or last saved from a session'),
  cookie_count: z.number().int(),
  cookie_domains: z.array(z.string()).describe('Domains the stored cookies belong to'),
  origins: z.array(z.string()).describe('Origins with stored localStorage or sessionStorage'),
});
export type Profile = z.infer<typeof profileSchema>;

const profileParams = z.strictObject({ profile_id: z.string().min(1).max(200) });

export const profileOperations = {
  createProfile: defineOperation({
    id: 'createProfile',
    method: 'POST',
    path: '/profiles/create',
    summary: 'Create an empty browser profile (cookies, localStorage, sessionStorage) to start sessions with',
    tag: 'profiles',
    auth: 'key',
    body: z.strictObject({ name: z.string().trim().min(1).max(200).optional() }),
    response: profileSchema,
  }),
  listProfiles: defineOperation({
    id: 'listProfiles',
    method: 'GET',
    path: '/profiles',
    summary: 'The browser profiles of the account, newest first',
    tag: 'profiles',
    auth: 'key',
    query: pageQuerySchema,
    response: pageOf(profileSchema),
  }),
  getProfile: defineOperation({
    id: 'getProfile',
    method: 'GET',
    path: '/profiles/{profile_id}',
    summary: 'One browser profile',
    tag: 'profiles',
    auth: 'key',
    params: profileParams,
    response: profileSchema,
  }),
  deleteProfile: defineOperation({
    id: 'deleteProfile',
    method: 'DELETE',
    path: '/profiles/{profile_id}',
    summary: 'Delete a browser profile and the state it holds',
    tag: 'profiles',
    auth: 'key',
    params: profileParams,
    response: statusMessageSchema,
  }),
} as const;
