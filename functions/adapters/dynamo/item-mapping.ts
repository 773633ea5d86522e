/**
 * Reading a stored item back as its domain type through the one schema declared for its entity
 * (items.ts). A malformed item stops with an error naming the entity and the key, instead of
 * flowing on as a value that only claims to be the type.
 */
import type { z } from 'zod';

type Attributes = Record<string, unknown>;

export class MalformedItemError extends Error {
  constructor(entity: string, key: string, issues: readonly z.ZodIssue[]) {
    super(`malformed ${entity} item (${key}): ${issues.map((issue) => `${issue.path.join('.') || 'item'}: ${issue.message}`).join('; ')}`);
    this.name = 'MalformedItemError';
  }
}

export interface ItemMapping<T> {
  readonly entity: string;
  /** The item as `T`. `key` names the item in an error when it was read without its keys (a projection). */
  read(item: Attributes, key?: Attributes): T;
}

const KEY_ATTRIBUTES = ['pk', 'sk', 'id', 'userId'];

function describeKey(key: Attributes): string {
  const named = KEY_ATTRIBUTES.filter((name) => typeof key[name] === 'string' || typeof key[name] === 'number');
  return named.length ? named.map((name) => `${name}=${String(key[name])}`).join(' ') : 'key unknown';
}

export function itemMapping<T>(entity: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>): ItemMapping<T> {
  return {
    entity,
    read(item, key = item) {
      const parsed = schema.safeParse(item);
      if (parsed.success) return parsed.data;
      throw new MalformedItemError(entity, describeKey(key), parsed.error.issues);
    },
  };
}

/**
 * Checks at compile time that an object schema declares every attribute of `T`: z.object drops
 * undeclared attributes on read, so a field added to the domain type but not to its schema would
 * otherwise vanish silently. (That the schema produces a `T` is checked where it is mapped.)
 */
export const declaringEvery =
  <T>() =>
  <S extends { shape: { [K in keyof T]-?: z.ZodTypeAny } }>(schema: S): S =>
    schema;
