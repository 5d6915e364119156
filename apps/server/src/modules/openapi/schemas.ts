import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * A contract schema as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect): `input` for what a
 * client sends (defaults optional, coerced strings as sent), `output` for what the server answers.
 * A transform's result has no JSON Schema (a story's text, normalised on the way in): it is left
 * open (`{}`); anything else zod cannot describe fails the build.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: ({ zodSchema }) => (zodSchema._zod.def.type === 'transform' ? 'any' : 'throw'),
  });
  return json;
}
