import type { z } from 'zod';
import type { TokenScope } from './api-tokens.js';

/**
 * One API call: who may make it, and what travels. The server registers its routes from these (input
 * parsed, output type-checked) and the web app calls through them (responses parsed).
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify-style path, `:name` for a parameter. */
  path: `/api/${string}`;
  /** `user`: signed in (401 otherwise); `admin`: an administrator (403 `Admin access required`). */
  access: 'public' | 'user' | 'admin';
  /**
   * The scope a personal API token (`Authorization: Bearer`) needs to make this call. Without it,
   * the call is for a browser session only (403 for a token); admin calls never have one.
   */
  tokenScope?: TokenScope;
  /** A one-line summary, for the OpenAPI description. */
  summary?: string;
  params?: z.ZodType<Record<string, string>>;
  query?: z.ZodType;
  /** A JSON body (`application/json`, or form-encoded where a provider posts a form). */
  body?: z.ZodType;
  /** A multipart upload: its file and fields are read by the handler from the stream. */
  multipart?: true;
  /**
   * A JSON response schema, or what the call answers instead of JSON: a redirect (browser
   * navigation), a file (download or stream), or server-sent events.
   */
  response: z.ZodType | 'redirect' | 'file' | 'events';
}

/** Declares an endpoint keeping its literal types (the schemas stay precise for inference). */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Schema<E, K extends keyof Endpoint> = E extends { [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;

export type EndpointParams<E extends Endpoint> = Parsed<Schema<E, 'params'>>;
export type EndpointQuery<E extends Endpoint> = Parsed<Schema<E, 'query'>>;
export type EndpointBody<E extends Endpoint> = Parsed<Schema<E, 'body'>>;
/** What a client sends (before defaults and trimming). */
export type EndpointRequest<E extends Endpoint> = OmitUndefined<{
  params: Sent<Schema<E, 'params'>>;
  query: Sent<Schema<E, 'query'>>;
  body: Sent<Schema<E, 'body'>>;
}>;
/** What a handler returns for a JSON endpoint; a client gets it parsed with the same schema. */
export type EndpointResponse<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : never;
export type EndpointResult<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : never;

type OmitUndefined<T> = { [K in keyof T as T[K] extends undefined ? never : K]: T[K] };

/** The URL of a call: path parameters filled in (URI-encoded) and the query appended. */
export function endpointUrl(
  e: Endpoint,
  params?: Record<string, string | number>,
  query?: Record<string, string | number | boolean | undefined>,
): string {
  const path = e.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${e.path}: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
