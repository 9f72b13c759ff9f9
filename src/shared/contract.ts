import type { z } from 'zod';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One HTTP operation of the API, declared once: the service validates with it, the SDK calls with it and
 * the OpenAPI document is generated from it. Paths use OpenAPI's `{param}` form.
 */
export interface Operation {
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  /** `key`: API key or console cookie session; `none`: public. */
  readonly auth: 'key' | 'none';
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Absent when the response is not JSON (images, files). */
  readonly response?: z.ZodType;
  readonly successStatus?: number;
  /** Content type of a non-JSON response. */
  readonly produces?: string;
}

export function defineOperation<const T extends Operation>(operation: T): T {
  return operation;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

export type ParamsOf<T extends Operation> = Infer<T['params']>;
export type QueryOf<T extends Operation> = Infer<T['query']>;
export type BodyOf<T extends Operation> = Infer<T['body']>;
export type ResponseOf<T extends Operation> = Infer<T['response']>;
/** What a caller sends: defaults may be left out. */
export type BodyInputOf<T extends Operation> = Input<T['body']>;
export type QueryInputOf<T extends Operation> = Input<T['query']>;

/** Fills `{name}` placeholders of an operation path, encoding each value. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
