import { z } from 'zod';
import { defineOperation } from './contract';
import { statusMessageSchema, timestamp } from './common';

export const credentialsSchema = z.strictObject({
  email: z.email().max(254),
  password: z.string().min(10, 'use at least 10 characters').max(200),
});

export const accountSchema = z.object({
  account_id: z.string(),
  email: z.string().nullable(),
  created_at: timestamp,
  /** Present for console (cookie) sessions: send it back as `X-CSRF-Token` on state-changing requests. */
  csrf_token: z.string().optional(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountOperations = {
  signup: defineOperation({
    id: 'signup',
    method: 'POST',
    path: '/auth/signup',
    summary: 'Create a console account and sign in (sets the session cookie)',
    tag: 'accounts',
    auth: 'none',
    body: credentialsSchema,
    response: accountSchema,
    successStatus: 201,
  }),
  login: defineOperation({
    id: 'login',
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in to the console (sets an httpOnly, SameSite=Strict session cookie)',
    tag: 'accounts',
    auth: 'none',
    body: credentialsSchema,
    response: accountSchema,
  }),
  logout: defineOperation({
    id: 'logout',
    method: 'POST',
    path: '/auth/logout',
    summary: 'End the console session',
    tag: 'accounts',
    auth: 'key',
    response: statusMessageSchema,
  }),
  setAccountLogin: defineOperation({
    id: 'setAccountLogin',
    method: 'PUT',
    path: '/account/login',
    summary:
      'Set the e-mail and password the account signs in to the console with (the owner account starts without one)',
    tag: 'accounts',
    auth: 'key',
    body: credentialsSchema,
    response: accountSchema,
  }),
  getAccount: defineOperation({
    id: 'getAccount',
    method: 'GET',
    path: '/account',
    summary: 'The account of the caller',
    tag: 'accounts',
    auth: 'key',
    response: accountSchema,
  }),
} as const;
