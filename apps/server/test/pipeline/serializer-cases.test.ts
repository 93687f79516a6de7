import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler, writableJsonSchema } from '../../src/lib/fast-serializer.ts';
import { SerializerMismatchError } from '../../src/lib/serializer-check.ts';

type Write = (data: unknown) => string;
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/case', httpStatus: '200' });
const fast = (schema: z.ZodType) => responseSerializerCompiler()(route(schema)) as Write;
const checked = (schema: z.ZodType) =>
  responseSerializerCompiler({ differential: true })(route(schema)) as Write;
const zod = (schema: z.ZodType) => (zodSerializerCompiler as (r: unknown) => Write)(route(schema));

/** The answer as the fast path writes it, proven byte for byte the zod serialiser's by the differential check. */
function writesAsZod(schema: z.ZodType, data: unknown) {
  const written = checked(schema)(data);
  expect(written).toBe(zod(schema)(data));
  return written;
}

const fastPath = (schema: z.ZodType) => expect(writableJsonSchema(schema)).toBeDefined();
const zodPath = (schema: z.ZodType) => expect(writableJsonSchema(schema)).toBeUndefined();

describe('the fast serialiser writes what zod writes', () => {
  it('dates: an ISO string as it is; a Date or a codec keeps the zod serialiser', () => {
    const isoString = z.object({ at: z.iso.datetime() });
    fastPath(isoString);
    expect(writesAsZod(isoString, { at: '2026-11-27T18:00:00.000Z' })).toBe(
      '{"at":"2026-11-27T18:00:00.000Z"}',
    );

    const date = z.object({ at: z.date() });
    zodPath(date);
    expect(writesAsZod(date, { at: new Date('2026-11-27T18:00:00Z') })).toBe(
      '{"at":"2026-11-27T18:00:00.000Z"}',
    );

    const codec = z.object({
      at: z.codec(z.string(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString().slice(0, 10),
      }),
    });
    zodPath(codec);
    expect(writesAsZod(codec, { at: new Date('2026-11-27T18:00:00Z') })).toBe('{"at":"2026-11-27"}');
  });

  it('optional and nullable: absent, undefined, null and set, on strings, objects and arrays', () => {
    const schema = z.object({
      optional: z.string().optional(),
      nullable: z.string().nullable(),
      nullish: z.number().nullish(),
      object: z.object({ a: z.string() }).nullable(),
      list: z.array(z.string()).nullable().optional(),
    });
    fastPath(schema);
    expect(writesAsZod(schema, { nullable: null, object: null })).toBe('{"nullable":null,"object":null}');
    expect(
      writesAsZod(schema, { optional: undefined, nullable: 'n', nullish: null, object: { a: 'x' } }),
    ).toBe('{"nullable":"n","nullish":null,"object":{"a":"x"}}');
    writesAsZod(schema, { optional: 'o', nullable: null, nullish: 3, object: { a: 'x', b: 1 }, list: ['a'] });
    writesAsZod(schema, { nullable: null, object: null, list: null });
  });

  it('fields in the order the schema declares them, optional ones before required ones included', () => {
    const schema = z.object({
      note: z.string().optional(),
      id: z.string(),
      at: z.string().nullish(),
      n: z.number(),
    });
    expect(writesAsZod(schema, { n: 1, at: null, id: 'a', note: 'x' })).toBe(
      '{"note":"x","id":"a","at":null,"n":1}',
    );
  });

  it('records: string keys written with their values (extra fields of the values dropped); named keys keep zod', () => {
    const record = z.object({ byId: z.record(z.string(), z.object({ n: z.number() })) });
    fastPath(record);
    expect(writesAsZod(record, { byId: { b: { n: 1, secret: 'x' }, a: { n: 2 } } })).toBe(
      '{"byId":{"b":{"n":1},"a":{"n":2}}}',
    );
    writesAsZod(record, { byId: {} });

    // zod requires every named key and refuses any other: that check stays.
    const named = z.object({ counts: z.record(z.enum(['', 'bonus']), z.number()) });
    zodPath(named);
    expect(() => fast(named)({ counts: { '': 1, bonus: 2, other: 3 } })).toThrow();
  });

  it('arrays of unions: of plain values on the fast path; of objects on the zod serialiser, with its check', () => {
    const plain = z.object({ values: z.array(z.union([z.string(), z.number(), z.boolean()])) });
    fastPath(plain);
    expect(writesAsZod(plain, { values: ['a', 1, true, '2'] })).toBe('{"values":["a",1,true,"2"]}');

    const objects = z.object({
      items: z.array(
        z.union([z.object({ kind: z.literal('a'), a: z.string() }), z.object({ kind: z.literal('b') })]),
      ),
    });
    zodPath(objects);
    expect(writesAsZod(objects, { items: [{ kind: 'a', a: 'x', extra: 1 }, { kind: 'b' }] })).toBe(
      '{"items":[{"kind":"a","a":"x"},{"kind":"b"}]}',
    );
    expect(() => fast(objects)({ items: [{ kind: 'c' }] })).toThrow();
  });

  it('enums and literals: the value itself, not a constant in its place', () => {
    const schema = z.object({ status: z.enum(['OPEN', 'CLOSED']), ok: z.literal('ok'), three: z.literal(3) });
    fastPath(schema);
    expect(writesAsZod(schema, { status: 'CLOSED', ok: 'ok', three: 3 })).toBe(
      '{"status":"CLOSED","ok":"ok","three":3}',
    );
    // fast-json-stringify would write the const whatever the value; the differential check sees the value.
    expect(JSON.parse(fast(schema)({ status: 'CLOSED', ok: 'no', three: 3 })).ok).toBe('no');
  });

  it('defaults: a field with a default is written as given, never filled in when missing (zod refuses that)', () => {
    const schema = z.object({ page: z.number().default(1), label: z.string().default('all') });
    fastPath(schema);
    expect(writesAsZod(schema, { page: 2, label: 'x' })).toBe('{"page":2,"label":"x"}');
    expect(() => zod(schema)({ page: 2 })).toThrow();
    expect(fast(schema)({ page: 2 })).toBe('{"page":2}');
    expect(() => checked(schema)({ page: 2 })).toThrow(SerializerMismatchError);
  });

  it('money as strings, integers and escaped text', () => {
    const schema = z.object({
      amount: z.string(),
      cents: z.int(),
      ratio: z.number(),
      text: z.string(),
    });
    fastPath(schema);
    writesAsZod(schema, {
      amount: '12.30',
      cents: -0,
      ratio: 0.1 + 0.2,
      text: 'quote " slash \\ nl \n é 🐾',
    });
    writesAsZod(schema, {
      amount: '0',
      cents: 9007199254740991,
      ratio: 1e21,
      text: 'lone \ud800 surrogate \u2028',
    });
  });

  it('strict, loose and catch-all objects', () => {
    const strict = z.strictObject({ a: z.string() });
    fastPath(strict);
    expect(writesAsZod(strict, { a: 'x' })).toBe('{"a":"x"}');
    const loose = z.looseObject({ a: z.string() });
    fastPath(loose);
    expect(writesAsZod(loose, { z: 1, a: 'x', nested: { deep: [1] } })).toBe(
      '{"a":"x","z":1,"nested":{"deep":[1]}}',
    );
    const catchall = z.object({ a: z.string() }).catchall(z.number());
    fastPath(catchall);
    expect(writesAsZod(catchall, { b: 2, a: 'x' })).toBe('{"a":"x","b":2}');
  });

  it('unknown values and tuples', () => {
    const unknown = z.object({ payload: z.unknown() });
    fastPath(unknown);
    writesAsZod(unknown, { payload: { any: ['thing', null, 1] } });
    const tuple = z.object({ pair: z.tuple([z.string(), z.number()]) });
    zodPath(tuple);
    expect(writesAsZod(tuple, { pair: ['a', 1] })).toBe('{"pair":["a",1]}');
  });
});

describe('the differential check (test mode)', () => {
  const schema = z.object({ createdAt: z.string(), amount: z.string(), count: z.int() });

  it('throws where the fast path writes what zod refuses: a Date for a string, a number for money', () => {
    for (const data of [
      { createdAt: new Date(), amount: '1.00', count: 1 },
      { createdAt: 'now', amount: 1, count: 1 },
      { createdAt: 'now', amount: '1.00', count: 1.5 },
    ]) {
      expect(() => fast(schema)(data)).not.toThrow();
      expect(() => checked(schema)(data)).toThrow(SerializerMismatchError);
    }
  });

  it("passes zod's own refusal through where both refuse", () => {
    const data = { createdAt: 'now', amount: '1.00', count: 'many' };
    expect(() => fast(schema)(data)).toThrow();
    expect(() => checked(schema)(data)).toThrow(/Response doesn't match the schema/);
  });
});
