import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/** Keywords that only constrain a value: they change nothing in how it is written. */
const CONSTRAINTS = ['pattern', 'format', 'minLength', 'maxLength', 'minimum', 'maximum', '$schema'];

/**
 * A JSON Schema as fast-json-stringify writes it: constraints dropped, `X | null` folded into one type list;
 * undefined when a union is left (fast-json-stringify would validate each value against every branch).
 */
function writable(schema: JsonSchema): JsonSchema | undefined {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (CONSTRAINTS.includes(key)) continue;
    if (key === 'properties') {
      const properties: JsonSchema = {};
      for (const [name, property] of Object.entries(value as Record<string, JsonSchema>)) {
        const written = writable(property);
        if (!written) return undefined;
        properties[name] = written;
      }
      out.properties = properties;
    } else if (key === 'items') {
      const items = writable(value as JsonSchema);
      if (!items) return undefined;
      out.items = items;
    } else if (key === 'anyOf' || key === 'oneOf') {
      const branches = value as JsonSchema[];
      const other = branches.filter((branch) => branch.type !== 'null');
      const nullable = other.length === branches.length - 1;
      const only = other.length === 1 && other[0] ? writable(other[0]) : undefined;
      if (!only || typeof only.type !== 'string') return undefined;
      Object.assign(out, only, { type: nullable ? [only.type, 'null'] : only.type });
    } else if (key === 'allOf' || key === 'not' || key === '$ref' || key === 'additionalProperties') {
      if (key === 'additionalProperties' && value === false) continue;
      return undefined;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * Response serialisation by fast-json-stringify (Fastify's own) from the route's zod schema turned into JSON
 * Schema once, for hot routes: the zod serialiser parses every answer against the schema before writing
 * it, which costs more than a small route's own work. Like the zod serialiser it writes only the declared
 * fields; unlike it, it does not check the values (the handler's types do). A schema that JSON Schema cannot
 * write plainly (transforms, unions of objects) keeps the zod serialiser.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const { schema } = route;
  if (schema instanceof z.ZodType) {
    let json: JsonSchema | undefined;
    try {
      json = writable(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as JsonSchema);
    } catch {
      json = undefined;
    }
    if (json) return fastJson(json as unknown as Parameters<typeof fastJson>[0]);
  }
  return (zodSerializerCompiler as FastifySerializerCompiler<unknown>)(route);
};
