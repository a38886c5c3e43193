// HAR 1.2 as the har-schema package describes it, for ajv: the archive a run writes must open
// wherever HAR files are read.
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

const require = createRequire(import.meta.url);

export function harValidator(): (data: unknown) => string[] {
  const schemas = require('har-schema') as Record<string, object>;
  // The schemas are draft-06 and use a keyword of their own ("optional"), hence no strict mode.
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  for (const schema of Object.values(schemas)) ajv.addSchema(schema);
  const validate = ajv.getSchema('har.json#')!;
  return (data) => (validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
}
