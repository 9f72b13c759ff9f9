const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface DocumentShape {
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<
      string,
      { summary: string; tags: string[]; requestBody?: unknown; responses: unknown; parameters: unknown[] }
    >
  >;
}

function renderOperation(
  path: string,
  method: string,
  operation: DocumentShape['paths'][string][string],
): string {
  const details = JSON.stringify(
    { parameters: operation.parameters, requestBody: operation.requestBody, responses: operation.responses },
    null,
    2,
  );
  return `<details><summary><code class="m ${method}">${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code> — ${escapeHtml(operation.summary)}</summary><pre>${escapeHtml(details)}</pre></details>`;
}

/** A plain, server-rendered browsable reference of the OpenAPI document (works offline, no script). */
export function renderReferencePage(document: DocumentShape): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(path, method, operation)]);
    }
  }
  const sections = [...byTag].map(([tag, items]) => `<h2>${escapeHtml(tag)}</h2>${items.join('')}`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)} reference</title>
<style>body{font:15px system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}details{margin:.3rem 0}
pre{background:#f5f5f5;padding:.6rem;overflow:auto;font-size:12px}.m{display:inline-block;width:4.5rem;font-weight:bold}
.get{color:#0a7}.post{color:#06c}.delete{color:#c33}.patch{color:#a60}</style></head><body>
<h1>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</h1>
<p>Authenticate with <code>Authorization: Bearer &lt;API_KEY&gt;</code>. Errors are <code>{message, detail}</code>. Machine-readable: <a href="/openapi.json">/openapi.json</a>.</p>
${sections}</body></html>`;
}
