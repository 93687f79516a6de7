import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkedAgainstZod } from './serializer-check.ts';

type JsonSchema = { [key: string]: unknown };
type Write = (data: unknown) => string;
type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

/** Keywords that only constrain or describe a value: they change nothing in how a conforming value is written. */
const IGNORED = new Set([
  '$schema',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'contentEncoding',
  'contentMediaType',
  // fast-json-stringify writes a const or a default in place of the value (or of a missing one): the zod
  // serialiser writes the value as it is, and refuses a missing one.
  'const',
  'default',
  'enum',
  // fast-json-stringify writes the required fields first, whatever their order: without the list it writes
  // them in the schema's order, as zod does (a missing one is the handler's type error, not checked here).
  'required',
  'description',
  'title',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/**
 * A JSON Schema as fast-json-stringify writes it: constraints dropped, `X | null` folded into one type list,
 * a record's keys unconstrained; undefined when something is left that it would write otherwise than zod
 * (a union of objects, which it validates against every branch; a tuple; a reference; keys of a record
 * limited to some names, which zod checks).
 */
function writable(schema: JsonSchema): JsonSchema | undefined {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (IGNORED.has(key)) continue;
    if (key === 'type') {
      out.type = value;
    } else if (key === 'properties') {
      const properties: JsonSchema = {};
      for (const [name, property] of Object.entries(value as Record<string, JsonSchema>)) {
        const written = writable(property);
        if (!written) return undefined;
        properties[name] = written;
      }
      out.properties = properties;
    } else if (key === 'items' || key === 'additionalProperties') {
      // `additionalProperties: false` (a strict object): the declared fields only, as without it.
      if (value === false && key === 'additionalProperties') continue;
      if (typeof value !== 'object' || value === null) return undefined;
      const inner = writable(value as JsonSchema);
      if (!inner) return undefined;
      out[key] = inner;
    } else if (key === 'propertyNames') {
      // Any key (z.record(z.string(), …)): zod checks keys limited otherwise (names, a pattern).
      const names = value as JsonSchema;
      if (Object.keys(names).length !== 1 || names.type !== 'string') return undefined;
    } else if (key === 'anyOf' || key === 'oneOf') {
      const branches = value as JsonSchema[];
      const other = branches.filter((branch) => branch.type !== 'null');
      const nullable = other.length === branches.length - 1;
      const only = other.length === 1 && other[0] ? writable(other[0]) : undefined;
      if (!only || typeof only.type !== 'string') return undefined;
      Object.assign(out, only, { type: nullable ? [only.type, 'null'] : only.type });
    } else {
      return undefined;
    }
  }
  return out;
}

/**
 * The JSON Schema fast-json-stringify writes a zod schema's answers by, or undefined where it would not
 * write what the zod serialiser writes. The zod serialiser encodes the handler's value (the schema's output
 * type) back to its input type: the same value unless the schema transforms (a pipe, a codec, a
 * transform), so any of those keeps the zod serialiser; the output type's JSON Schema says the rest
 * (a field with a default is required there, as zod's encoding requires it).
 */
export function writableJsonSchema(schema: z.ZodType): JsonSchema | undefined {
  let transforms = false;
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      override: ({ zodSchema }) => {
        const type = zodSchema._zod.def.type;
        if (type === 'pipe' || type === 'transform') transforms = true;
      },
    }) as JsonSchema;
  } catch {
    return undefined;
  }
  return transforms ? undefined : writable(json);
}

/** Built at the first answer, not at the start: a route that is never asked costs no compilation. */
function lazily(build: () => Write): Write {
  let write: Write | undefined;
  return (data) => {
    write ??= build();
    return write(data);
  };
}

/**
 * Response serialisation by fast-json-stringify from the route's zod schema turned into JSON Schema once:
 * the zod serialiser parses every answer against the schema before writing it, which costs more than a
 * small route's own work. Like the zod serialiser it writes only the declared fields; unlike it, it does
 * not check the values (the handler's types do). A schema that JSON Schema cannot write plainly
 * (transforms, unions of objects) keeps the zod serialiser. With `differential` (the tests), every answer
 * is also written by the zod serialiser and a difference throws (serializer-check.ts).
 */
export function responseSerializerCompiler(
  options: { differential?: boolean } = {},
): FastifySerializerCompiler<unknown> {
  const zodWriter = (route: RouteSchema) =>
    (zodSerializerCompiler as FastifySerializerCompiler<unknown>)(route) as Write;
  return (route) => {
    const { schema } = route;
    if (!(schema instanceof z.ZodType)) return zodWriter(route);
    return lazily(() => {
      const json = writableJsonSchema(schema);
      if (!json) return zodWriter(route);
      const fast = fastJson(json as unknown as Parameters<typeof fastJson>[0]) as Write;
      return options.differential ? checkedAgainstZod(fast, zodWriter(route), route) : fast;
    });
  };
}

export const fastSerializerCompiler = responseSerializerCompiler();
