import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { credentialsSchema } from '../../shared/accounts';
import { AppError } from '../../shared/errors';
import type { AccountsService } from '../accounts/accounts-service';
import { setSessionCookie } from '../accounts/routes';
import type { ApiKeysService } from '../api-keys/api-keys-service';
import {
  cliLoginPageHeaders,
  renderAuthorizePage,
  renderProblemPage,
  renderSignInPage,
  type CliLoginRequest,
} from './cli-login-page';

const cliLoginRequestSchema = z.object({
  port: z.coerce.number().int().min(1024).max(65_535),
  state: z.string().regex(/^[A-Za-z0-9_-]{16,200}$/),
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\u0000-\u001f<>]+$/),
});

type Form = Record<string, string | undefined>;

function send(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).headers(cliLoginPageHeaders).send(html);
}

function readLoginRequest(source: unknown): CliLoginRequest | undefined {
  const parsed = cliLoginRequestSchema.safeParse(source);
  return parsed.success ? parsed.data : undefined;
}

/** Only ever the CLI's loopback server: the page never redirects anywhere a request could choose. */
function callbackUrl(request: CliLoginRequest, fragment: Record<string, string>): string {
  return `http://127.0.0.1:${request.port}/callback#${new URLSearchParams(fragment).toString()}`;
}

const badRequestPage = 'This link is incomplete or malformed (port, state and name are required).';

/**
 * `/cli-login`: how `svc auth login` gets an API key. The user signs in with the console account, then
 * authorizes; a new key named after the CLI's host goes to the loopback callback in the URL fragment,
 * which never reaches a server log.
 */
export function registerCliLoginRoutes(
  app: FastifyInstance,
  accounts: AccountsService,
  apiKeys: ApiKeysService,
): void {
  app.register(async (scope) => {
    // Plain HTML forms post url-encoded bodies; only these routes accept them.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    scope.get('/cli-login', async (request, reply) => {
      const loginRequest = readLoginRequest(request.query);
      if (!loginRequest) return send(reply, 400, renderProblemPage(badRequestPage));
      return showStep(request, reply, loginRequest, accounts);
    });

    scope.post('/cli-login/sign-in', async (request, reply) => {
      const form = (request.body ?? {}) as Form;
      const loginRequest = readLoginRequest(form);
      if (!loginRequest) return send(reply, 400, renderProblemPage(badRequestPage));
      const credentials = credentialsSchema.safeParse({ email: form.email, password: form.password });
      if (!credentials.success)
        return send(reply, 422, renderSignInPage(loginRequest, 'Enter your e-mail and password.'));
      try {
        const login = await accounts.login(credentials.data.email, credentials.data.password);
        setSessionCookie(reply, login, request.protocol === 'https');
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthorized') {
          return send(reply, 401, renderSignInPage(loginRequest, 'Wrong e-mail or password.'));
        }
        throw error;
      }
      return reply.redirect(
        `/cli-login?${new URLSearchParams({ ...loginRequest, port: String(loginRequest.port) })}`,
        303,
      );
    });

    scope.post('/cli-login/authorize', async (request, reply) => {
      const form = (request.body ?? {}) as Form;
      const loginRequest = readLoginRequest(form);
      if (!loginRequest) return send(reply, 400, renderProblemPage(badRequestPage));
      const consoleSession = request.principal?.console;
      if (!consoleSession)
        return send(reply, 401, renderSignInPage(loginRequest, 'Your sign-in expired; sign in again.'));
      if (form.csrf_token !== consoleSession.csrfToken)
        return send(reply, 403, renderProblemPage('The form expired; reload it.'));
      if (form.decision !== 'authorize') {
        return reply.redirect(
          callbackUrl(loginRequest, { error: 'access_denied', state: loginRequest.state }),
          303,
        );
      }
      const created = await apiKeys.create(consoleSession.accountId, `svc CLI on ${loginRequest.name}`);
      return reply.redirect(callbackUrl(loginRequest, { key: created.key, state: loginRequest.state }), 303);
    });
  });
}

async function showStep(
  request: FastifyRequest,
  reply: FastifyReply,
  loginRequest: CliLoginRequest,
  accounts: AccountsService,
) {
  const consoleSession = request.principal?.console;
  if (!consoleSession) return send(reply, 200, renderSignInPage(loginRequest));
  const account = await accounts.getAccount(consoleSession.accountId);
  return send(
    reply,
    200,
    renderAuthorizePage(loginRequest, account.email ?? account.account_id, consoleSession.csrfToken),
  );
}
