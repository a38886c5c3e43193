import { expect } from 'chai';
import { type HttpMethod, httpMethods, loadDocument, resolveRef } from '../src/document.js';
import { createAjv, toAjvSchema } from '../src/validators.js';

interface MediaType {
  schema: unknown;
  examples?: Record<string, unknown>;
}
interface Content {
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId: string;
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

const document = loadDocument();
const ajv = createAjv({ document });

/** The JSON media type of a request body or response, with its examples resolved. */
function jsonOf(raw: unknown): { schema: unknown; examples: [string, unknown][] } | undefined {
  const media = resolveRef<Content>(document, raw).content?.['application/json'];
  if (!media) return undefined;
  const examples = Object.entries(media.examples ?? {}).map(
    ([name, example]) => [name, resolveRef<{ value: unknown }>(document, example).value] as [string, unknown],
  );
  return { schema: media.schema, examples };
}

/** One line per example that its schema refuses, naming the first problem. */
function invalidExamples(where: string, media: { schema: unknown; examples: [string, unknown][] }): string[] {
  const validate = ajv.compile(toAjvSchema(media.schema));
  return media.examples
    .filter(([, value]) => !validate(value))
    .map(
      ([name]) => `${where} example ${name}: ${validate.errors?.[0]?.instancePath} ${validate.errors?.[0]?.message}`,
    );
}

const operations = Object.values(document.paths).flatMap((item) =>
  httpMethods.filter((method: HttpMethod) => item[method]).map((method) => item[method] as Operation),
);

describe('examples in the spec', () => {
  // The reference's 27, DELETE /appointments/{id}, documented as a refusal (DECISIONS 63), and
  // the change feed's two (an extension, DECISIONS 170) and webhook endpoints' nine (DECISIONS 240).
  it('covers all 39 operations', () => {
    expect(operations).to.have.length(39);
  });

  for (const operation of operations) {
    const body = operation.requestBody ? 'its request body and ' : '';
    it(`${operation.operationId}: an example of ${body}every documented status with a body, valid against its schema`, () => {
      const problems: string[] = [];
      if (operation.requestBody) {
        const body = jsonOf(operation.requestBody)!;
        if (body.examples.length === 0) problems.push('request body has no example');
        problems.push(...invalidExamples('request body', body));
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = jsonOf(response);
        if (!media) {
          // 304 Not Modified (an extension, DECISIONS 121) has no body either.
          expect(status, 'only 204 and 304 have no body').to.be.oneOf(['204', '304']);
          continue;
        }
        if (media.examples.length === 0) problems.push(`${status} has no example`);
        problems.push(...invalidExamples(status, media));
      }
      expect(problems).to.deep.equal([]);
    });
  }

  // A webhook is a request the deployment sends; its answers are the receiver's and carry no body.
  it('deliverEvent (webhook): an example of its request body, valid against its schema', () => {
    const webhooks = (document as unknown as { webhooks: Record<string, Record<string, Operation>> }).webhooks;
    const body = jsonOf(webhooks.event!.post!.requestBody)!;
    expect(body.examples).to.not.be.empty;
    expect(invalidExamples('request body', body)).to.deep.equal([]);
  });

  it('would notice an example its schema refuses', () => {
    const product = { schema: { $ref: '#/components/schemas/Product' }, examples: [['no id', { name: 'Apples' }]] };
    expect(invalidExamples('200', product as never)).to.deep.equal([
      "200 example no id:  must have required property 'id'",
    ]);
  });
});
