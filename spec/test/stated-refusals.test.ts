// The schemas say what the prose says (issue 49, DECISIONS 446): the refusals the descriptions
// stated are the schemas' own now, so a tool that generates requests from the schemas alone
// meets them. That the contract lists where, so its diff knows they were refused before, is
// checked against the last release in release/test/stated-refusals.test.ts.
import { expect } from 'chai';
import { listOperations, loadDocument } from '../src/document.js';
import { createAjv, toAjvSchema } from '../src/validators.js';

const document = loadDocument();
const ajv = createAjv({ document });
const operation = (id: string) => listOperations(document).find((each) => each.operationId === id)!;
const bodyOf = (id: string) => ajv.compile(toAjvSchema(operation(id).requestBodySchema!));
const headerOf = (id: string, name: string) =>
  ajv.compile(toAjvSchema(operation(id).parameters.find((parameter) => parameter.name === name)!.schema));
const schemas = document.components.schemas as Record<string, Record<string, unknown>>;

describe('the schemas say what the prose says (issue 49)', () => {
  it('refuses the three requests a fuzzer found the schemas took against their own words', () => {
    // `curl -X PATCH … -H 'If-Match: 0' …/products/1`
    const ifMatch = headerOf('updateProduct', 'If-Match');
    expect(ifMatch('0')).to.equal(false);
    expect(ifMatch('"7"')).to.equal(true);
    // An item id on create, "Not allowed on create".
    const createOrder = bodyOf('createPurchaseOrder');
    const item = { product_name: 'Apples', quantity: 1 };
    expect(createOrder({ purchase_order: { po_number: 'PO-1', purchase_order_items: [{ id: 7, ...item }] } })).to.equal(
      false,
    );
    expect(createOrder({ purchase_order: { po_number: 'PO-1', purchase_order_items: [item] } })).to.equal(true);
    expect(
      bodyOf('updatePurchaseOrder')({ purchase_order: { purchase_order_items: [{ id: 7, quantity: 2 }] } }),
    ).to.equal(true);
    // A webhook URL with no host.
    const createEndpoint = bodyOf('createWebhookEndpoint');
    expect(createEndpoint({ webhook_endpoint: { url: 'HTTP://' } })).to.equal(false);
    expect(createEndpoint({ webhook_endpoint: { url: 'https://erp.example.com/hooks' } })).to.equal(true);
  });

  it("lists exactly the feed's types, their kinds and * for endpoints and for the feed's filter", () => {
    const types = schemas.EventType!.enum as string[];
    const kinds = [...new Set(types.map((type) => type.slice(0, type.indexOf('.'))))];
    const entries = ['*', ...kinds.map((kind) => `${kind}.*`), ...types];
    const items = (schemas.WebhookEventTypes!.items as { enum: string[] }).enum;
    expect(items).to.deep.equal(entries);
    const filter = ajv.compile(toAjvSchema(operation('listEvents').parameters.find((p) => p.name === 'types')!.schema));
    for (const entry of entries) expect(filter(entry), entry).to.equal(true);
    expect(filter(` ${entries.join(' ,\t')} `)).to.equal(true);
    // Each entry with a letter dropped, or doubled, is none of them.
    for (const entry of entries.filter((each) => each.length > 1))
      for (const near of [entry.slice(1), `${entry}s`, entry.toUpperCase()])
        expect(filter(near), near).to.equal(entries.includes(near));
  });
});
