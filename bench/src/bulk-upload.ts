// The bulk-upload scenario: 1,000 new products and 1,000 new orders with 3 items each,
// uploaded at once to one location interface, timed from request to answer.
import { request } from 'node:http';

export interface BulkUploadTiming {
  status: number;
  milliseconds: number;
}

export function timeBulkUpload(port: number, host: string, token: string, tag: string): Promise<BulkUploadTiming> {
  const rows = Array.from({ length: 1_000 }, (_, i) => i + 1);
  const body = JSON.stringify({
    bulk_upload: {
      products: rows.map((n) => ({ name: `Bulk ${tag} ${n}`, sku: `BULK-${tag}-${n}` })),
      purchase_orders: rows.map((n) => ({
        po_number: `BULK-${tag}-${n}`,
        purchase_order_items: [1, 2, 3].map((i) => ({ product_name: `Bulk ${tag} ${(n + i) % 1_000}`, quantity: i })),
      })),
    },
  });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers = { host, authorization: `Token ${token}`, 'content-type': 'application/json' };
    request({ host: '127.0.0.1', port, path: '/api/v1/bulk_uploads', method: 'POST', headers }, (response) => {
      response
        .resume()
        .on('end', () => resolve({ status: response.statusCode ?? 0, milliseconds: performance.now() - started }));
    })
      .on('error', reject)
      .end(body);
  });
}
