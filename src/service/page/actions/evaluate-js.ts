import { ActionFailure, type ActionHandler } from '../action-context';

/**
 * Runs `code` in the page: a single expression, or a function (declaration or arrow) that is called. The value
 * comes back as JSON, bounded so one call cannot flood the service or a client.
 */
export const evaluateJs: ActionHandler<'evaluate_js'> = async (
  action,
  { page, evaluateMaxBytes, timeoutMs },
) => {
  const wrapped = `(async () => { const value = (${action.code}); return typeof value === 'function' ? await value() : await value; })()`;
  const value: unknown = await withTimeout(page.evaluate(wrapped), timeoutMs);
  const json = JSON.stringify(value ?? null);
  const size = Buffer.byteLength(json);
  if (size > evaluateMaxBytes) {
    throw new ActionFailure(
      `The result is ${size} bytes, over the limit of ${evaluateMaxBytes}: return less (e.g. a slice or a count)`,
    );
  }
  return { message: 'Evaluated the code', data: value ?? null };
};

async function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ActionFailure(`The code did not finish within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
