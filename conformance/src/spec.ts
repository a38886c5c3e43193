// The contract as the checks see it: the spec's operations and its response checker, the
// same one the reference server runs on its own responses in tests.
import { listOperations, type OperationSpec } from '@warehouse-kit/spec/document';
import {
  createResponseChecker,
  type ResponseChecker,
  type ResponseProblem,
} from '@warehouse-kit/spec/response-checker';
import type { Exchange } from './http.js';

let operations: OperationSpec[] | undefined;
let checker: ResponseChecker | undefined;

export function operationFor(method: string, template: string): OperationSpec {
  operations ??= listOperations();
  const found = operations.find(
    (operation) => operation.method === method.toLowerCase() && operation.path === template,
  );
  if (!found) throw new Error(`the spec has no operation ${method} ${template}`);
  return found;
}

/** Where the exchange's status, headers and body differ from what the spec documents. */
export function responseProblems(exchange: Exchange): ResponseProblem[] {
  checker ??= createResponseChecker();
  return checker(operationFor(exchange.method, exchange.template), {
    status: exchange.status,
    header: (name) => exchange.headers.get(name),
    body: exchange.body,
  });
}
