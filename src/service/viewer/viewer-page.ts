import { viewerScript } from './viewer-script';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const styles = `
  html, body { margin: 0; height: 100%; background: #111; color: #ddd; font: 13px system-ui, sans-serif; }
  body { display: flex; flex-direction: column; }
  header { display: flex; gap: 8px; align-items: center; padding: 4px 8px; background: #1d1d1d; }
  #tabs { display: flex; gap: 4px; overflow-x: auto; flex: 1; }
  .tab { max-width: 200px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; background: #2a2a2a;
    color: #ccc; border: 1px solid #333; border-radius: 4px; padding: 3px 8px; cursor: pointer; }
  .tab.active { background: #3b5bdb; color: #fff; }
  #url { padding: 2px 8px; color: #999; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  #status { color: #8c8; }
  main { flex: 1; display: flex; align-items: center; justify-content: center; min-height: 0; position: relative; }
  #screen { max-width: 100%; max-height: 100%; object-fit: contain; outline: none; user-select: none; }
  body.control #screen { cursor: default; }
  #ended { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
    background: rgba(0,0,0,.75); font-size: 20px; }
  #ended[hidden] { display: none; }
`;

/** The viewer page: everything inline, the script allowed by a per-response nonce. */
export function renderViewerPage(sessionId: string, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>svc viewer</title>
<style nonce="${nonce}">${styles}</style>
</head>
<body data-session-id="${escapeHtml(sessionId)}">
<header><div id="tabs" role="tablist"></div><span id="status">Connecting…</span></header>
<div id="url"></div>
<main>
<img id="screen" alt="Live view of the session" tabindex="0" draggable="false">
<div id="ended" hidden>This session has ended.</div>
</main>
<script nonce="${nonce}">${viewerScript}</script>
</body>
</html>`;
}

/** CSP of the viewer: only its own inline code, frames from itself, embeddable where the operator allows. */
export function viewerSecurityHeaders(nonce: string, frameAncestors: string): Record<string, string> {
  const ancestors = ["'self'", ...frameAncestors.split(/[\s,]+/).filter(Boolean)].join(' ');
  return {
    'content-security-policy': [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      'img-src data:',
      "connect-src 'self'",
      `frame-ancestors ${ancestors}`,
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; '),
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  };
}
