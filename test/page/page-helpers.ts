import type { ActionResult } from '../../src/shared/page';
import type { TestService } from '../support/test-service';

export interface Answer<T> {
  status: number;
  body: T;
}

export async function postJson<T>(service: TestService, path: string, json: unknown): Promise<Answer<T>> {
  const response = await service.call(path, { method: 'POST', json });
  return { status: response.status, body: (await response.json()) as T };
}

/** POST /page/execute; asserts nothing, so tests can look at HTTP errors too. */
export function execute(service: TestService, sessionId: string, action: Record<string, unknown>) {
  return postJson<ActionResult & { message: string; detail: unknown; code?: string }>(
    service,
    `/sessions/${sessionId}/page/execute`,
    action,
  );
}

/** Runs an action that must succeed and returns its result. */
export async function act(
  service: TestService,
  sessionId: string,
  action: Record<string, unknown>,
): Promise<ActionResult> {
  const { status, body } = await execute(service, sessionId, action);
  if (status !== 200 || !body.success) {
    throw new Error(`${String(action.type)} failed: ${status} ${JSON.stringify(body)}`);
  }
  return body;
}

/** The value of a JavaScript expression in the session's page, read through evaluate_js. */
export async function readPage(service: TestService, sessionId: string, code: string): Promise<unknown> {
  return (await act(service, sessionId, { type: 'evaluate_js', code })).data;
}

/** A `response_format` asking for the products of the article fixture. */
export const productsFormat = {
  type: 'object',
  properties: {
    products: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } },
    },
  },
};
