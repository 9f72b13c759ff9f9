import type { FastifyInstance, FastifyReply } from 'fastify';
import { accountOperations } from '../../shared/accounts';
import { addRoute } from '../http/route';
import { sessionCookieName } from '../http/principal';
import type { AccountsService, ConsoleLogin } from './accounts-service';

export function setSessionCookie(reply: FastifyReply, login: ConsoleLogin, isSecure: boolean): void {
  reply.setCookie(sessionCookieName, login.sessionToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure,
    path: '/',
    expires: login.expiresAt,
  });
}

export function registerAccountRoutes(app: FastifyInstance, accounts: AccountsService): void {
  addRoute(app, accountOperations.signup, async ({ body, request, reply }) => {
    const login = await accounts.signup(body.email, body.password);
    setSessionCookie(reply, login, request.protocol === 'https');
    return login.account;
  });
  addRoute(app, accountOperations.login, async ({ body, request, reply }) => {
    const login = await accounts.login(body.email, body.password);
    setSessionCookie(reply, login, request.protocol === 'https');
    return login.account;
  });
  addRoute(app, accountOperations.logout, async ({ principal, reply }) => {
    if (principal.console) await accounts.logout(principal.console.tokenHash);
    reply.clearCookie(sessionCookieName, { path: '/' });
    return { success: true, message: 'Signed out' };
  });
  addRoute(app, accountOperations.setAccountLogin, async ({ principal, body }) =>
    accounts.setLogin(principal.accountId, body.email, body.password),
  );
  addRoute(app, accountOperations.getAccount, async ({ principal }) =>
    accounts.getAccount(principal.accountId, principal.console?.csrfToken),
  );
}
