// The examples' connection: the deployment and token come from the environment, as they
// would in an integration job.
import { createClient } from '@warehouse-kit/sdk';

const baseUrl = process.env.WH_BASE_URL;
const token = process.env.WH_TOKEN;
if (!baseUrl || !token) {
  console.error('set WH_BASE_URL (e.g. http://acme.localhost:3000) and WH_TOKEN (e.g. acme-admin-token)');
  process.exit(2);
}

export const client = createClient({ baseUrl, token });
