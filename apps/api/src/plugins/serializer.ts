import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

type SerializerArgs = Parameters<typeof zodSerializerCompiler>[0];

/** Response schemas of the hot paths, serialized by a compiled serializer instead of a zod parse. */
const compiled = new WeakSet<z.ZodType>();

/**
 * Marks a route's response schema for fast-json-stringify (docs/decisions/028-api-hot-paths.md):
 * the JSON Schema zod derives from it is compiled once into a serializer that writes only the
 * declared keys, so unknown keys never leave, as with zod's parse. A union (anyOf) picks the
 * first branch the value fully validates against, as zod does; nothing matching answers 500.
 */
export function compiledResponse<T extends z.ZodType>(schema: T): T {
  compiled.add(schema);
  return schema;
}

/** Drops `additionalProperties: false`: extra keys are left out (zod's strip), not a failed branch. */
function stripExtraKeysRule(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripExtraKeysRule);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || (key === 'additionalProperties' && value === false)) continue;
    out[key] = stripExtraKeysRule(value);
  }
  return out;
}

/** The app's serializer compiler: compiled for the marked schemas, zod's parse for every other. */
export function serializerCompiler(args: SerializerArgs) {
  const schema = args.schema as z.ZodType;
  if (!compiled.has(schema)) return zodSerializerCompiler(args);
  const jsonSchema = stripExtraKeysRule(z.toJSONSchema(schema, { io: 'output' }));
  return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
}
