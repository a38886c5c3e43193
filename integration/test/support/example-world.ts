// Where the printed commands run: the demo of `npm start` (support/demo.ts) with what some
// examples need that it lacks; `whctl` and `wh-server` on the PATH, as an install puts them; a
// folder with the files the examples name (example-files/, a cursor the demo's feed gave, the
// demo's provisioning file as organizations.yaml, the contract as openapi.yaml); a home whose whctl profiles point at the
// demo; and the connection in the environment. Nothing else of a printed line is changed but
// the demo's port: 3000 as printed, this demo's port here.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, unwrap, type WarehouseClient } from '@warehouse-kit/sdk';
import { eventually, tempDir } from '@warehouse-kit/testing';
import { SERVER_BIN } from '@warehouse-kit/testing/server';
import { stringify } from 'yaml';
import { ROOT } from '../../src/workspace.js';
import { type Demo, startDemo } from './demo.js';
import type { Unit } from './printed-units.js';
import { type Outcome, runShell } from './run-shell.js';
import { WHCTL } from './whctl.js';

export interface Ran extends Outcome {
  folder: string;
  home: string;
}

export interface ExampleWorld {
  demo: Demo;
  /** Runs a unit in a folder and home of its own, returned to look at what it wrote. */
  run(unit: Unit): Promise<Ran>;
}

const TOKEN = 'acme-admin-token';
const PRINTED_PORT = /\blocalhost:3000\b/g;
const EXAMPLE_FILES = join(ROOT, 'integration/test/example-files');

/**
 * What some examples need that the demo lacks, as a person has it after a few commands: webhook
 * endpoint 1, whose receiver never answers, with the demo's purchase-order events recovered to
 * it and each delivery failed after its attempts; endpoint 2, disabled; company 5, which nothing
 * references, so that it can be deleted; and PO-1005, unassigned, with nothing a warehouse would
 * refuse, so that it can be assigned (the demo's PO-1003 carries an organization-wide custom
 * value no warehouse takes).
 */
async function beyondTheDemo(client: WarehouseClient): Promise<void> {
  const endpoint = (url: string, enabled: boolean) =>
    unwrap(
      client.POST('/webhook_endpoints', {
        body: { webhook_endpoint: { url, event_types: ['purchase_order.*'], enabled, description: 'ERP sync' } },
      }),
    );
  const failing = await endpoint('http://127.0.0.1:9/hook', true);
  await endpoint('http://127.0.0.1:9/old-hook', false);
  await unwrap(client.POST('/companies', { body: { company: { name: 'Retired Carrier', company_type: 'carrier' } } }));
  await unwrap(
    client.POST('/purchase_orders', {
      body: {
        purchase_order: {
          po_number: 'PO-1005',
          expected_starts_at: '2026-12-08T14:00:00Z',
          purchase_order_items: [{ product_name: 'Apples', quantity: 60 }],
        },
      },
    }),
  );
  const path = { id: failing.id };
  await unwrap(
    client.POST('/webhook_endpoints/{id}/recover', {
      params: { path },
      body: { recovery: { since: '2000-01-01T00:00:00Z' } },
    }),
  );
  await eventually('the recovered deliveries to fail', async () => {
    const deliveries = await unwrap(client.GET('/webhook_endpoints/{id}/deliveries', { params: { path } }));
    return deliveries.length && deliveries.every((delivery) => delivery.status === 'failed') ? true : undefined;
  });
}

/** A folder with `whctl` and `wh-server` running this build, as `npm install -g` provides them. */
function installedBins(): string {
  const bin = tempDir('wh-printed-bin-');
  for (const [name, script] of [
    ['whctl', WHCTL],
    ['wh-server', SERVER_BIN],
  ] as const) {
    writeFileSync(join(bin, name), `#!/bin/sh\nexec "${process.execPath}" "${script}" "$@"\n`);
    chmodSync(join(bin, name), 0o755);
  }
  return bin;
}

export async function startExampleWorld(): Promise<ExampleWorld> {
  // Failed webhook deliveries retry at once, so that they are failed, not pending, when the examples look.
  const demo = await startDemo({ WH_WEBHOOK_RETRY_SCALE: '0.00001' });
  const client = createClient({ baseUrl: demo.url('acme'), token: TOKEN });
  await beyondTheDemo(client);
  const files = tempDir('wh-printed-files-');
  cpSync(EXAMPLE_FILES, files, { recursive: true });
  const [first] = (await unwrap(client.GET('/events', { params: { query: { limit: 1 } } }))).events;
  writeFileSync(join(files, 'cursor.txt'), first!.cursor);
  cpSync(join(ROOT, 'server/demo.yaml'), join(files, 'organizations.yaml'));
  // The contract a client was generated from, as an integrator keeps it beside the client.
  cpSync(join(ROOT, 'spec/openapi.yaml'), join(files, 'openapi.yaml'));
  const template = `http://{subdomain}.localhost:${demo.server.port}`;
  // The demo's profile, as `whctl conformance init` leaves it in deployment.yaml.
  const profile = spawnSync(
    process.execPath,
    [SERVER_BIN, 'profile', join(ROOT, 'server/demo.yaml'), '--base-url-template', template],
    { encoding: 'utf8' },
  ).stdout;
  const bin = installedBins();
  await demo.snapshot();

  /**
   * For the documentation, a copy of the checkout's root (its blocks name its files and write
   * their own conformance profile); for help, a bare folder with the deployment.yaml its
   * conformance examples read. Both hold the example files.
   */
  const workFolder = (unit: Unit) => {
    const folder = tempDir('wh-printed-');
    if (unit.checkout) {
      // Folders are linked, files copied: a block such as sdk/README's `npm init -y; npm pkg set
      // type=module` rewrites the package.json in its folder, which must not be the checkout's.
      for (const entry of readdirSync(ROOT, { withFileTypes: true }))
        if (entry.name === '.git' || entry.name === '.data') continue;
        else if (entry.isDirectory()) symlinkSync(join(ROOT, entry.name), join(folder, entry.name));
        else cpSync(join(ROOT, entry.name), join(folder, entry.name));
    } else {
      writeFileSync(join(folder, 'deployment.yaml'), profile);
    }
    cpSync(files, folder, { recursive: true });
    return folder;
  };

  /** A home whose whctl profiles (the examples name default, staging, production) point at the demo, with room for fish's completions. */
  const home = () => {
    const folder = tempDir('wh-printed-home-');
    const settings = { base_url: demo.url('acme'), token: TOKEN };
    mkdirSync(join(folder, '.config', 'whctl'), { recursive: true, mode: 0o700 });
    writeFileSync(
      join(folder, '.config', 'whctl', 'config.yaml'),
      stringify({
        current_profile: 'default',
        profiles: { default: settings, staging: settings, production: settings },
      }),
      { mode: 0o600 },
    );
    mkdirSync(join(folder, '.config', 'fish', 'completions'), { recursive: true });
    return folder;
  };

  return {
    demo,
    async run(unit) {
      await demo.resetRateLimits();
      const folder = workFolder(unit);
      const homeFolder = home();
      const outcome = await runShell({
        script: unit.script.replaceAll(PRINTED_PORT, `localhost:${demo.server.port}`),
        shell: unit.shell,
        cwd: folder,
        follow: unit.kind === 'follows',
        env: {
          PATH: `${bin}:${process.env.PATH}`,
          HOME: homeFolder,
          XDG_CONFIG_HOME: join(homeFolder, '.config'),
          WHCTL_BASE_URL: demo.url('acme'),
          WHCTL_TOKEN: TOKEN,
          // The SDK examples' connection, and the token the config examples read from $TOKEN.
          WH_BASE_URL: demo.url('acme'),
          WH_TOKEN: TOKEN,
          TOKEN,
          // wh-server's.
          DATABASE_URL: demo.databaseUrl,
          WH_BASE_HOST: 'localhost',
          PORT: String(demo.server.port),
          // npx may not go to the registry.
          npm_config_offline: 'true',
        },
      });
      return { ...outcome, folder, home: homeFolder };
    },
  };
}
