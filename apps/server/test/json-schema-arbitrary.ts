import fc from 'fast-check';
import { HOSTILE_NUMBERS, HOSTILE_TEXT, hostileText } from './hostile-values';

/**
 * The part of JSON Schema the contract's zod schemas turn into (in the OpenAPI document, or
 * through `z.toJSONSchema`): what the fuzzer needs to make values that fit a schema and values
 * that miss it by a little or a lot.
 */
export type JsonSchema = {
  $ref?: string;
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  /** OpenAPI 3.0's way of saying "or null"; JSON Schema 2020-12 uses anyOf with type null. */
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
};

/** Follows `$ref`s into the OpenAPI document's components. */
export type SchemaResolver = (schema: JsonSchema) => JsonSchema;

// Long enough to find trouble, short enough that a run stays cheap; the limits themselves are
// tried separately by `boundaryValue`.
const MAX_GENERATED_LENGTH = 40;
const MAX_GENERATED_ITEMS = 5;

/** Text of every kind: ASCII, any code point (lone surrogates and NUL included), emoji. */
const anyText = (minLength: number, maxLength: number) =>
  fc.oneof(
    fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }),
    fc.string({ minLength, maxLength, unit: 'binary' }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
  );

/**
 * Values the schema accepts as far as JSON Schema can say (zod's trims and refinements are for
 * the server to judge): the "valid" requests of the fuzz.
 */
export function validValue(schema: JsonSchema, resolve: SchemaResolver): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((inner) => validValue(inner, resolve)));
  const base = validBaseValue(s, resolve);
  return s.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function validBaseValue(s: JsonSchema, resolve: SchemaResolver): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'object': {
      const properties = s.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, inner]) => [name, validValue(inner, resolve)]),
      );
      return fc.record(model, { requiredKeys: s.required ?? [] });
    }
    case 'array':
      return fc.array(s.items ? validValue(s.items, resolve) : fc.jsonValue(), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS),
      });
    case 'string':
      return validString(s);
    case 'integer':
      return fc.integer({
        min: Math.max(s.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(s.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: s.minimum ?? -1e6,
        max: s.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validString(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? Infinity, MAX_GENERATED_LENGTH));
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'email') return fc.emailAddress();
  if (s.pattern) {
    const fitsLength = (text: string) =>
      text.length >= minLength && text.length <= (s.maxLength ?? Infinity);
    return fc.stringMatching(new RegExp(s.pattern), { maxLength }).filter(fitsLength);
  }
  return anyText(minLength, maxLength);
}

/** Values at and just past each limit the schema sets, and text and numbers meant to hurt. */
export function boundaryValue(schema: JsonSchema, resolve: SchemaResolver): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  switch (typeOf(s, resolve)) {
    case 'string': {
      const lengths = [0, s.minLength, s.maxLength, (s.maxLength ?? 10_000) + 1, 100_000];
      const ofLength = lengths.flatMap((length) =>
        length === undefined
          ? []
          : // Both a one-unit and a two-unit (astral) character, since limits count UTF-16 units.
            ['x'.repeat(length), '💪'.repeat(Math.ceil(length / 2))],
      );
      return fc.constantFrom(...ofLength, ...HOSTILE_TEXT);
    }
    case 'integer':
    case 'number': {
      const near = [s.minimum, s.maximum].flatMap((limit) =>
        limit === undefined ? [] : [limit - 1, limit - 0.5, limit, limit + 0.5, limit + 1],
      );
      return fc.constantFrom(...near, ...HOSTILE_NUMBERS);
    }
    case 'array': {
      const item = s.items ? validValue(s.items, resolve) : fc.jsonValue();
      const tooMany = (s.maxItems ?? 1000) + 1;
      return fc.oneof(
        fc.constant([]),
        fc.array(item, { minLength: tooMany, maxLength: tooMany }),
        fc.array(boundaryValue(s.items ?? {}, resolve), { minLength: 1, maxLength: 3 }),
      );
    }
    default:
      return wrongTypeValue;
  }
}

/** Some JSON value, most likely of a type the field does not take. */
export const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, '', 'text', [], {}, [[]], { '': {} }, [null]),
  fc.jsonValue({ maxDepth: 3 }),
);

const MISSING = Symbol('missing');

/** A valid object but for one field: at or just past a limit, of the wrong type, or left out. */
export function oneFieldOff(
  schema: JsonSchema,
  resolve: SchemaResolver,
): fc.Arbitrary<Record<string, unknown>> {
  const s = resolve(schema);
  const valid = validValue(s, resolve) as fc.Arbitrary<Record<string, unknown>>;
  const changes = Object.entries(s.properties ?? {}).map(([field, inner]) =>
    fc
      .tuple(valid, fc.oneof(boundaryValue(inner, resolve), wrongTypeValue, fc.constant(MISSING)))
      .map(([object, value]) => {
        const changed = { ...object };
        if (value === MISSING) delete changed[field];
        else changed[field] = value;
        return changed;
      }),
  );
  return changes.length > 0 ? fc.oneof(...changes) : withUnknownFields(s, resolve);
}

/** A valid object with fields the schema does not know besides. */
export function withUnknownFields(
  schema: JsonSchema,
  resolve: SchemaResolver,
): fc.Arbitrary<Record<string, unknown>> {
  const valid = validValue(schema, resolve) as fc.Arbitrary<Record<string, unknown>>;
  return fc
    .tuple(valid, fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 2 })))
    .map(([object, extra]) => ({ ...extra, ...object }));
}

/**
 * A valid object with every field of one kind set to one hostile value: every text field to
 * the same hostile text, or every number to the same hostile number. Changing one field at a
 * time, a run seldom gets the one that breaks a route through all of its other checks. A text
 * with a pattern (an e-mail address) keeps its valid value after the hostile text, so the
 * pattern may still pass: `a\u0000@example.com` is an e-mail address to a loose pattern.
 */
export function poisoned(
  schema: JsonSchema,
  resolve: SchemaResolver,
  kind: 'text' | 'number',
): fc.Arbitrary<Record<string, unknown>> {
  const s = resolve(schema);
  const valid = validValue(s, resolve) as fc.Arbitrary<Record<string, unknown>>;
  const types = kind === 'text' ? ['string'] : ['number', 'integer'];
  const fields = Object.entries(s.properties ?? {}).filter(([, inner]) =>
    types.includes(typeOf(inner, resolve) ?? ''),
  );
  const value = kind === 'text' ? hostileText : fc.constantFrom(...HOSTILE_NUMBERS);
  return fc.tuple(valid, value).map(([object, hostile]) => {
    const changed = { ...object };
    for (const [field, inner] of fields) {
      const r = resolve(inner);
      const keepsPattern = typeof hostile === 'string' && (r.pattern || r.format);
      changed[field] = keepsPattern ? `${hostile}${String(object[field] ?? '')}` : hostile;
    }
    return changed;
  });
}

/** A schema's type, looking through "or null". */
function typeOf(schema: JsonSchema, resolve: SchemaResolver): JsonSchema['type'] {
  const s = resolve(schema);
  return s.type ?? (s.anyOf ?? s.oneOf)?.map(resolve).find((option) => option.type)?.type;
}
