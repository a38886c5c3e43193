/**
 * This file was generated from openapi.yaml by scripts/header-parameters.js
 * (npm run gen -w @warehouse-kit/spec). Do not make direct changes to the file.
 */

/**
 * The header parameters each operation of the contract declares, by method and path template.
 * A client sends an extension's header (Idempotency-Key, If-Match) only where it is listed
 * (DECISIONS 305).
 */
export const headerParameters: Readonly<Record<string, readonly string[]>> = {
  'GET /locations': [],
  'GET /products': [],
  'POST /products': ['Idempotency-Key'],
  'GET /products/{id}': ['If-None-Match'],
  'PUT /products/{id}': ['If-Match'],
  'PATCH /products/{id}': ['If-Match'],
  'DELETE /products/{id}': ['If-Match'],
  'GET /companies': [],
  'POST /companies': ['Idempotency-Key'],
  'GET /companies/{id}': ['If-None-Match'],
  'PUT /companies/{id}': ['If-Match'],
  'PATCH /companies/{id}': ['If-Match'],
  'DELETE /companies/{id}': ['If-Match'],
  'GET /appointments': [],
  'POST /appointments': ['Idempotency-Key'],
  'GET /appointments/{id}': ['If-None-Match'],
  'PUT /appointments/{id}': ['If-Match'],
  'PATCH /appointments/{id}': ['If-Match'],
  'DELETE /appointments/{id}': [],
  'GET /purchase_orders': [],
  'POST /purchase_orders': ['Idempotency-Key'],
  'GET /purchase_orders/with_booked_appointments': [],
  'GET /purchase_orders/{id}': ['If-None-Match'],
  'PUT /purchase_orders/{id}': ['If-Match'],
  'PATCH /purchase_orders/{id}': ['If-Match'],
  'DELETE /purchase_orders/{id}': ['If-Match'],
  'GET /product_limits': [],
  'POST /bulk_uploads': ['Idempotency-Key'],
  'GET /events': [],
  'GET /events/{id}': [],
  'GET /webhook_endpoints': [],
  'POST /webhook_endpoints': [],
  'GET /webhook_endpoints/{id}': [],
  'PATCH /webhook_endpoints/{id}': [],
  'DELETE /webhook_endpoints/{id}': [],
  'POST /webhook_endpoints/{id}/rotate_secret': [],
  'GET /webhook_endpoints/{id}/deliveries': [],
  'POST /webhook_endpoints/{id}/deliveries/{delivery_id}/redeliver': ['Idempotency-Key'],
  'POST /webhook_endpoints/{id}/recover': ['Idempotency-Key'],
};
