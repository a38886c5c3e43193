// The address `whctl --version` asks for the deployment's contract version, read from the
// arguments before commander has parsed them (it stops at --version). Kept apart from the
// request, which loads the SDK, so a plain `whctl --version` loads nothing more.

/** The value of `--base-url` or `--location-url` among the arguments, in either spelling. */
export function addressArgument(args: readonly string[]): string | undefined {
  for (const [index, arg] of args.entries()) {
    const [flag, inline] = arg.split(/=(.*)/s);
    if (flag === '--base-url' || flag === '--location-url') return inline ?? args[index + 1];
  }
  return undefined;
}
