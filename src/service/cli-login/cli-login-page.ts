/** The server-rendered pages of `/cli-login`: sign in with the console account, then authorize the CLI. */

export interface CliLoginRequest {
  /** Port of the CLI's loopback callback server. */
  port: number;
  state: string;
  /** Host name of the machine the CLI runs on; names the new API key. */
  name: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** Pages are framed by nothing (the Authorize button must not be clickjacked) and post only to us or the loopback callback. */
export const cliLoginPageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http://127.0.0.1:*; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · svc</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:26rem;margin:4rem auto;padding:0 1rem;color:#1b1f24}
h1{font-size:1.4rem}label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1rem;padding:.55rem 1.2rem;font-size:1rem;cursor:pointer}.error{color:#b42318}.muted{color:#57606a}
</style></head><body>${body}</body></html>`;
}

function hiddenFields(request: CliLoginRequest): string {
  return (['port', 'state', 'name'] as const)
    .map((field) => `<input type="hidden" name="${field}" value="${escapeHtml(String(request[field]))}">`)
    .join('');
}

export function renderSignInPage(request: CliLoginRequest, error?: string): string {
  return layout(
    'Sign in',
    `<h1>Sign in to authorize the svc CLI</h1>
<p class="muted">The CLI on <strong>${escapeHtml(request.name)}</strong> asks for an API key. Sign in with your console account.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/cli-login/sign-in">${hiddenFields(request)}
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>`,
  );
}

export function renderAuthorizePage(
  request: CliLoginRequest,
  accountLabel: string,
  csrfToken: string,
): string {
  return layout(
    'Authorize the CLI',
    `<h1>Authorize the svc CLI?</h1>
<p>Signed in as <strong>${escapeHtml(accountLabel)}</strong>.</p>
<p>A new API key named <strong>svc CLI on ${escapeHtml(request.name)}</strong> will be created and handed to the CLI
waiting on this computer (port ${request.port}). Revoke it any time under API keys.</p>
<form method="post" action="/cli-login/authorize">${hiddenFields(request)}
<input type="hidden" name="csrf_token" value="${escapeHtml(csrfToken)}">
<button type="submit" name="decision" value="authorize">Authorize</button>
<button type="submit" name="decision" value="deny">Deny</button></form>`,
  );
}

export function renderProblemPage(message: string): string {
  return layout(
    'Cannot authorize',
    `<h1>Cannot authorize the CLI</h1><p class="error" role="alert">${escapeHtml(message)}</p>
<p class="muted">Run <code>svc auth login</code> again.</p>`,
  );
}
