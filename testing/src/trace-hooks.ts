import { appendFileSync } from 'node:fs';

let file: string | undefined;

export function initialize(data: { file?: string }): void {
  file = data.file;
}

export async function load(
  url: string,
  context: object,
  nextLoad: (url: string, context: object) => Promise<unknown>,
): Promise<unknown> {
  if (file) appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
