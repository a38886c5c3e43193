import { ArrayType, type Platform, type TransformContext } from '@mikro-orm/core';

/**
 * A `text[]` column whose every element is written quoted. MikroORM's array type leaves an
 * element bare unless it holds a quote, brace, comma or backslash, and escapes the ones it
 * quotes as JSON does; PostgreSQL then refused `" "` (a malformed literal: a 500 the fuzzer
 * found), trimmed `" A"` to `"A"`, read `NULL` as a null element and a tab's `\t` as `t`.
 * Quoted, with only `"` and `\` escaped, every string is stored as it was sent.
 */
export class TextArrayType extends ArrayType<string> {
  override convertToDatabaseValue(
    value: string[] | null,
    platform: Platform,
    context?: TransformContext,
  ): string | null {
    if (!Array.isArray(value)) return super.convertToDatabaseValue(value, platform, context);
    return `{${value.map((element) => `"${element.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  }
}
