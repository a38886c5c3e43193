// The header parameters the clients read from the spec's public entry (DECISIONS 305) are those
// of openapi.yaml, operation for operation, as the server's own reading of the document sees them.
import { expect } from 'chai';
import { listOperations } from '../src/document.js';
import { headerParameters } from '../src/index.js';

describe('the header parameters of each operation', () => {
  it('list every operation of openapi.yaml with the header parameters it declares, and nothing else', () => {
    const fromDocument = Object.fromEntries(
      listOperations().map((operation) => [
        `${operation.method.toUpperCase()} ${operation.path}`,
        operation.parameters.filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name),
      ]),
    );
    expect(headerParameters).to.deep.equal(fromDocument);
    expect(headerParameters['POST /webhook_endpoints']).to.deep.equal([]);
    expect(headerParameters['POST /webhook_endpoints/{id}/recover']).to.deep.equal(['Idempotency-Key']);
    expect(headerParameters['PATCH /purchase_orders/{id}']).to.deep.equal(['If-Match']);
  });
});
