// Lists paginated with `page` and `Link`: one page by default, or every page with --all,
// streamed record by record with a progress bar.

import { type Page, type PagePath, pages, type WarehouseClient } from '@warehouse-kit/sdk';
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import type { Row } from '../../output/cells.js';
import { wholeNumber } from './arguments.js';
import { queryOption } from './query-option.js';

export interface PagingFlags {
  all?: boolean;
  page?: number;
  perPage?: number;
}

export function pagingOptions(command: Command, queryExample: string): Command {
  return command
    .addOption(queryOption(queryExample))
    .option('--all', 'follow every page, streaming records as they arrive')
    .option(
      '--page <n>',
      'the page to fetch, from 1 (with --all: the first page to fetch)',
      wholeNumber(1, Number.MAX_SAFE_INTEGER),
    )
    .option('--per-page <n>', 'records per page, 1 to 100 (default 25, or 100 with --all)', wholeNumber(1, 100));
}

/** A query without the filters that were not given. */
export function query(filters: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

// `pages` is typed per path; the list commands share this one generic walk.
type LoosePages = (client: WarehouseClient, path: PagePath, init: object) => AsyncGenerator<Page<PagePath>>;

interface ListRequest {
  path: PagePath;
  /** The values of the path's parameters, e.g. `{ id: 3 }` for `/webhook_endpoints/{id}/deliveries`. */
  pathParams?: Record<string, unknown>;
  filters: Record<string, unknown>;
  /** Plural name for the progress bar, e.g. "purchase orders". */
  noun: string;
  tableColumns: readonly string[];
}

export async function listPaged(
  ctx: Context,
  client: WarehouseClient,
  request: ListRequest,
  flags: PagingFlags,
): Promise<void> {
  // With --all, full pages spend the least of the rate limit.
  const perPage = flags.perPage ?? (flags.all ? 100 : undefined);
  const init = {
    params: {
      ...(request.pathParams ? { path: request.pathParams } : {}),
      query: query({ ...request.filters, page: flags.page, per_page: perPage }),
    },
  };
  const sink = await ctx.list(request.tableColumns);
  const bar = flags.all ? ctx.progress(`fetching ${request.noun}`) : undefined;
  let done = 0;
  let more: { shown: number; total: number | undefined } | undefined;
  try {
    for await (const page of (pages as unknown as LoosePages)(client, request.path, init)) {
      for (const record of page.records) await sink.write(record as Row);
      done += page.records.length;
      bar?.update(done, page.pagination.totalCount);
      if (!flags.all) {
        if (page.pagination.links.next) more = { shown: page.records.length, total: page.pagination.totalCount };
        break;
      }
    }
  } finally {
    bar?.stop();
  }
  await sink.end();
  // A hint for a person; a script reads Total-Count through `whctl api --include` if it cares.
  if (more && ctx.stderr.isTTY)
    ctx.notice(`showing ${more.shown} of ${more.total ?? 'more'} ${request.noun}; add --all for every page`);
}
