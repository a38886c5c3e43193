// A version of the contract from a file or a URL (a deployment serves its own at
// /api/v1/openapi.json), parsed as YAML, which JSON also is. Bounded: a document over 20 MB,
// or an answer slower than the timeout, is refused.
import { readFile, stat } from 'node:fs/promises';
import { localhostFetch, transportFailure } from '@warehouse-kit/sdk';
import { parse } from 'yaml';
import { CliError, ExitCode, UsageError } from '../../errors.js';

const MAX_BYTES = 20 * 1024 * 1024;

async function download(url: string, timeoutMs: number): Promise<string> {
  const request = new Request(url, { signal: AbortSignal.timeout(timeoutMs) });
  let answer: Response;
  try {
    answer = await localhostFetch(request);
  } catch (error) {
    // The SDK's ConnectionError or TimeoutError, said as every other command says it.
    throw transportFailure(error, request);
  }
  if (!answer.ok) throw new CliError(`cannot read ${url}: it answered ${answer.status}`, ExitCode.server);
  const text = await answer.text();
  if (text.length > MAX_BYTES) throw new CliError(`${url} is over 20 MB, too large for a contract`, ExitCode.server);
  return text;
}

async function readLocal(path: string): Promise<string> {
  try {
    if ((await stat(path)).size > MAX_BYTES) throw new UsageError(`${path} is over 20 MB, too large for a contract`);
    return await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

export async function readContract(source: string, timeoutMs: number): Promise<unknown> {
  const text = /^https?:\/\//i.test(source) ? await download(source, timeoutMs) : await readLocal(source);
  let document: unknown;
  try {
    document = parse(text, { maxAliasCount: 10_000 });
  } catch (error) {
    throw new UsageError(`${source} is not JSON or YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const version = (document as { openapi?: unknown } | null)?.openapi;
  if (typeof version !== 'string' || !version.startsWith('3.'))
    throw new UsageError(`${source} is not an OpenAPI 3 document (no openapi: 3.x at its top)`);
  return document;
}
