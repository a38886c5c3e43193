// Writing to stdout with backpressure, so that `--all` over a slow pipe holds at most one
// page in memory instead of buffering the whole export.

export function writeText(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (stream.write(text)) return Promise.resolve();
  return new Promise((resolve) => stream.once('drain', resolve));
}
