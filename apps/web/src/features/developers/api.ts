import type { ExportFormatInfo, TokenScope } from '@rasma/contract';
import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from '@/lib/http';
import { PLAIN_ENDPOINTS } from '@/lib/plain-endpoints';

/** A code sample of an operation (`x-codeSamples`, as Redoc and Scalar read them). */
export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

export interface ApiOperation {
  operationId: string;
  summary?: string;
  description?: string;
  'x-rasma-scope'?: TokenScope;
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
  'x-codeSamples'?: CodeSample[];
}

/** The part of /api/openapi.json this page reads (the server generates it from the contract). */
export interface ApiDescription {
  info: { title: string; description: string };
  paths: Record<string, Record<string, ApiOperation>>;
  webhooks: Record<string, { post: ApiOperation }>;
  'x-rasma-token-scopes': Record<TokenScope, string>;
  'x-rasma-export-formats': Record<string, ExportFormatInfo>;
}

/** One call of the API: its method and path, and what the description says of it. */
export interface ApiCall {
  method: string;
  path: string;
  operation: ApiOperation;
}

/** The calls in the description's order (an integration's: create, follow, download...). */
export const callsOf = (description: ApiDescription): ApiCall[] =>
  Object.entries(description.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );

/** Where the description is, for people's own tools. */
export const API_DESCRIPTION_PATH = PLAIN_ENDPOINTS.openApi.path;

/**
 * The description, fetched when the page opens: the page carries none of the contract's schemas,
 * and the landing page none of this.
 */
export const apiDescriptionQuery = queryOptions({
  queryKey: [API_DESCRIPTION_PATH],
  queryFn: ({ signal }) =>
    fetchJson('GET', API_DESCRIPTION_PATH, undefined, signal) as Promise<ApiDescription>,
});
