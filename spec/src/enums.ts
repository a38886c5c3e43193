// Enumerations the server needs at run time, read from the spec and typed by the generated
// schema types, so that neither the values nor their type are written out a second time.
import { loadDocument } from './document.js';
import type { components } from './openapi-types.js';

type Schemas = components['schemas'];
type EnumSchemaName = { [K in keyof Schemas]: Schemas[K] extends string ? K : never }[keyof Schemas];

export function specEnum<N extends EnumSchemaName>(name: N): Schemas[N][] {
  const schema = loadDocument().components.schemas?.[name] as { enum?: unknown[] } | undefined;
  if (!Array.isArray(schema?.enum)) throw new Error(`components.schemas.${name} is not an enum in the spec`);
  return schema.enum as Schemas[N][];
}
