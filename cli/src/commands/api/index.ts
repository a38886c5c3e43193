import { toApiError } from '@warehouse-kit/sdk';
import { Command, InvalidArgumentError } from 'commander';
import { type Context, contextOf } from '../../context.js';
import { UsageError } from '../../errors.js';
import { writeText } from '../../output/write.js';
import { repeated } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { dataOption, readData } from '../shared/record-input.js';
import { type Field, fieldsBody, parseField } from './fields.js';
import { paginateRaw } from './paginate.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

interface Flags {
  method?: Method;
  header?: string[];
  rawField?: string[];
  field?: string[];
  data?: string;
  paginate?: boolean;
  include?: boolean;
}

function methodName(value: string): Method {
  const upper = value.toUpperCase();
  if (!(METHODS as readonly string[]).includes(upper))
    throw new InvalidArgumentError(`expected one of ${METHODS.join(', ')}`);
  return upper as Method;
}

/**
 * The path under /api/v1 and its query; a leading /api/v1 is accepted and dropped, and, as gh
 * api takes `repos/cli/cli`, a path without the leading slash is relative to the API root.
 */
function target(path: string): { pathname: string; search: URLSearchParams } {
  // A full address would send the token wherever it points; the address comes from the configuration.
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path) || path.startsWith('//'))
    throw new UsageError(
      `give a path under /api/v1, e.g. /locations, not an address; got ${JSON.stringify(path)} ` +
        "(the address is --base-url, WHCTL_BASE_URL or the profile's base_url)",
    );
  const url = new URL(path.startsWith('/') ? path : `/${path}`, 'http://path.invalid');
  return { pathname: url.pathname.replace(/^\/api\/v1(?=\/)/, ''), search: url.searchParams };
}

/** `-H 'Name: value'` headers, as in curl and gh; the token is whctl's to send. */
function headersOf(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim();
    if (colon < 1 || !/^[!#$%&'*+.^`|~\w-]+$/.test(name))
      throw new UsageError(`header ${JSON.stringify(line)} must look like 'Name: value'`);
    if (name.toLowerCase() === 'authorization')
      throw new UsageError('the Authorization header comes from the token (WHCTL_TOKEN, a profile or --token)');
    headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

async function printBody(ctx: Context, text: string): Promise<void> {
  if (!text) return;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return writeText(ctx.stdout, text.endsWith('\n') ? text : `${text}\n`);
  }
  if (Array.isArray(value)) {
    const sink = await ctx.list();
    for (const record of value) await sink.write(record);
    return sink.end();
  }
  if (typeof value === 'object' && value !== null) return ctx.print(value as Record<string, unknown>);
  return writeText(ctx.stdout, `${JSON.stringify(value)}\n`);
}

/** An error answer's body as the API sent it, JSON pretty-printed, whatever --output says. */
async function printErrorBody(ctx: Context, { error: body, response }: { error?: unknown; response: Response }) {
  if (body === undefined || body === '') return;
  // The client has parsed a JSON body (a JSON string too); anything else is its text.
  const json = typeof body !== 'string' || /\bjson\b/i.test(response.headers.get('Content-Type') ?? '');
  const text = json ? JSON.stringify(body, null, 2) : body;
  await writeText(ctx.stdout, text.endsWith('\n') ? text : `${text}\n`);
}

async function printHead(ctx: Context, response: Response): Promise<void> {
  const lines = [
    `HTTP ${response.status} ${response.statusText}`,
    ...[...response.headers].map(([name, value]) => `${name}: ${value}`),
  ];
  await writeText(ctx.stdout, `${lines.join('\n')}\n\n`);
}

export const api = new Command('api')
  .description('send a request to any path of the API and print the answer (JSON unless --output says otherwise)')
  .argument(
    '<path>',
    'a path under /api/v1, the leading / optional as in gh api, with a query if you like, ' +
      'e.g. "purchase_orders?po_number=PO-1"',
  )
  .option(
    '-X, --method <method>',
    `${METHODS.join(', ')} (default: GET, or POST with fields or --data unless --paginate)`,
    methodName,
  )
  .option('-H, --header <line>', "a request header, 'Name: value' (repeat for more)", repeated)
  .option(
    '-f, --raw-field <key=value>',
    'a string field (repeat for more): the query of GET and DELETE, else the JSON body',
    repeated,
  )
  .option('-F, --field <key=value>', 'like -f, but true, false, null and numbers are JSON values', repeated)
  .addOption(dataOption('the request body as JSON: @file.json, - for stdin, or inline'))
  .option('--paginate', 'GET every page (Link rel="next", or limit and offset) and print all records')
  .option('-i, --include', 'print the status line and response headers first, and the body of an error answer too')
  .addOption(queryOption('[?location_name==null].po_number'))
  .addHelpText(
    'after',
    `
Fields with nested names build the body: -f 'product[name]=Apples' -f 'product[location_name]=Toronto DC'.
With --data the fields go to the query instead.`,
  )
  .addHelpText(
    'after',
    examples(
      'whctl api /locations',
      "whctl api /purchase_orders -f location_name='Toronto DC' --paginate -o ndjson",
      "whctl api /purchase_orders/4 -X PATCH -F 'purchase_order[location_name]=null'",
      "whctl api /products -f 'product[name]=Pears' -f 'product[sku]=PER-001' -f 'product[location_name]=Toronto DC'",
      "whctl api /purchase_orders -X POST -H 'Idempotency-Key: import-42' --data @order.json",
      "whctl api /purchase_orders --paginate --query '[?location_name==null].po_number'",
    ),
  )
  .action(async (path: string, flags: Flags, command: Command) => {
    const ctx = contextOf(command, { format: 'json' });
    const { pathname, search } = target(path);
    const fields: Field[] = [
      ...(flags.rawField ?? []).map((text) => parseField(text, false)),
      ...(flags.field ?? []).map((text) => parseField(text, true)),
    ];
    // As in gh: a request with something to send is a POST unless -X says otherwise; --paginate reads pages.
    const sends = (fields.length > 0 || flags.data !== undefined) && !flags.paginate;
    const verb = flags.method ?? (sends ? 'POST' : 'GET');
    const headers = headersOf(flags.header ?? []);
    const fieldsInQuery = verb === 'GET' || verb === 'DELETE' || flags.data !== undefined;
    if (fieldsInQuery) for (const { key, value } of fields) search.append(key, value === null ? '' : String(value));
    if (flags.data !== undefined && (verb === 'GET' || verb === 'DELETE'))
      throw new UsageError(`${verb} takes no body; put fields in the query with -f`);
    if (flags.paginate && verb !== 'GET') throw new UsageError('--paginate works with GET only');
    if (flags.paginate && flags.include) throw new UsageError('--paginate and --include do not go together');

    const client = await ctx.connect();
    if (flags.paginate) return paginateRaw(ctx, client, pathname, search, headers);
    const body =
      flags.data !== undefined
        ? await readData(flags.data)
        : !fieldsInQuery && fields.length
          ? fieldsBody(fields)
          : undefined;
    const init = { body, headers, querySerializer: () => search.toString(), parseAs: 'text' } as const;
    const result = (await client.request(
      verb.toLowerCase() as Lowercase<Method>,
      pathname as never,
      init as never,
    )) as { data?: string; error?: unknown; response: Response };
    if (flags.include) await printHead(ctx, result.response);
    if (!result.response.ok) {
      // --include shows the whole answer, as curl -i and gh api -i do; the exit status still says it failed.
      if (flags.include) await printErrorBody(ctx, result);
      throw toApiError(result);
    }
    await printBody(ctx, result.data ?? '');
  });
