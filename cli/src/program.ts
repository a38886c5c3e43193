// The root command: global options, and the table of commands, each loaded from its own
// module only when the command line names it, so `whctl --help` and `whctl --version` load no
// command code.
import { Command, InvalidArgumentError, Option } from 'commander';
import { FORMATS } from './output/format.js';
import { version } from './version.js';

interface Entry {
  description: string;
  load: () => Promise<Command>;
  /** The command reads the whole tree from its parent (completion), so every command is loaded with it. */
  readsTree?: true;
}

/** Every top-level command, in the order `whctl --help` lists them. */
export const commands: Record<string, Entry> = {
  locations: {
    description: 'list the locations the token can access',
    load: async () => (await import('./commands/locations/index.js')).locations,
  },
  products: {
    description: "list, change and import warehouses' product catalogs",
    load: async () => (await import('./commands/products/index.js')).products,
  },
  companies: {
    description: 'list, change and import customers and carriers',
    load: async () => (await import('./commands/companies/index.js')).companies,
  },
  appointments: {
    description: 'list, schedule and change dock appointments',
    load: async () => (await import('./commands/appointments/index.js')).appointments,
  },
  'purchase-orders': {
    description: 'list, change, assign, move and import purchase orders',
    load: async () => (await import('./commands/purchase-orders/index.js')).purchaseOrders,
  },
  'product-limits': {
    description: 'list daily receiving limits per product',
    load: async () => (await import('./commands/product-limits/index.js')).productLimits,
  },
  webhooks: {
    description: 'manage webhook endpoints, their deliveries, redelivery and recovery (extension)',
    load: async () => (await import('./commands/webhooks/index.js')).webhooks,
  },
  events: {
    description: 'list, show and follow the change feed (an extension)',
    load: async () => (await import('./commands/events/index.js')).events,
  },
  listen: {
    description: 'forward the change feed, signed, to a local webhook receiver',
    load: async () => (await import('./commands/listen/index.js')).listen,
  },
  api: {
    description: 'send any request to the API, like gh api',
    load: async () => (await import('./commands/api/index.js')).api,
  },
  contract: {
    description: 'compare two versions of the contract: what breaks clients, what does not',
    load: async () => (await import('./commands/contract/index.js')).contract,
  },
  config: {
    description: 'manage connection profiles in the config file',
    load: async () => (await import('./commands/config/index.js')).config,
  },
  completion: {
    description: 'print a shell completion script for bash, zsh or fish',
    load: async () => (await import('./commands/completion/index.js')).completion,
    readsTree: true,
  },
  conformance: {
    description: 'check a deployment against the contract (profiles: docs/vendors.md of the kit)',
    load: async () => (await import('./commands/conformance/index.js')).conformanceCommand(),
  },
};

/** Seconds, as a person types them (`30`, `2.5`), to the milliseconds the SDK takes. */
function seconds(value: string): number {
  const number = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || number <= 0 || number > 86_400)
    throw new InvalidArgumentError('expected a number of seconds above 0, e.g. 30');
  return number * 1000;
}

function columnList(value: string): string[] {
  const columns = value
    .split(',')
    .map((column) => column.trim())
    .filter(Boolean);
  if (!columns.length) throw new InvalidArgumentError('expected comma-separated field names, e.g. id,po_number');
  return columns;
}

export function createProgram(): Command {
  return (
    new Command('whctl')
      .description('Script the warehouse dock-scheduling API')
      .version(version)
      .option('--base-url <url>', 'organization interface address, e.g. https://acme.example.com')
      .option('--location-url <url>', "a location's interface address, instead of --base-url")
      .option('--token <token>', 'API token (prefer WHCTL_TOKEN or a profile: flags show up in ps)')
      .option('--profile <name>', 'profile of the config file to use')
      .option(
        '--extensions <names>',
        'extensions the deployment honours, comma-separated, or none: idempotency (a POST whose ' +
          'operation takes Idempotency-Key is then keyed and retried after a 502/503/504), etags',
      )
      .addOption(
        new Option('-o, --output <format>', 'output format (default: table on a terminal, else json)').choices(FORMATS),
      )
      .option('--columns <fields>', 'comma-separated fields for table and csv output', columnList)
      .option('-q, --quiet', 'no progress or notices on stderr, and no record printed after a change')
      .option(
        '--timeout <seconds>',
        'give up on a request after this long, retries and rate-limit waits included',
        seconds,
      )
      .option('-v, --verbose', 'trace every HTTP request and answer on stderr, the token redacted (or WHCTL_DEBUG=1)')
      // Global options are described here once; each command's help names them in one line.
      .configureHelp({ sortSubcommands: false })
      // Commander's own messages get whctl's prefix, like every other failure.
      .configureOutput({ outputError: (message, write) => write(message.replace(/^error: /, 'whctl: ')) })
      .showSuggestionAfterError()
      .exitOverride()
      .addHelpText(
        'after',
        `
Environment:
  WHCTL_BASE_URL, WHCTL_LOCATION_URL   interface address (flags win, then these, then the profile)
  WHCTL_TOKEN                          API token
  WHCTL_PROFILE                        profile to use instead of the current one
  WHCTL_EXTENSIONS                     like --extensions, e.g. idempotency,etags
  WHCTL_DEBUG=1                        like --verbose
  XDG_CONFIG_HOME                      the config file is $XDG_CONFIG_HOME/whctl/config.yaml (default ~/.config)

Exit status: 0 success, 2 usage, 3 authentication or permission, 4 not found (or an expired
event cursor), 5 validation, 6 rate limited, 7 server error, 8 network error, 9 import
incomplete, 10 precondition failed (the record changed since it was read), 1 conformance checks
failed or a contract change that breaks clients, 130 interrupted (a conformance run, an import:
run it again to continue), 70 a bug in whctl or a broken install.`,
      )
  );
}

/** The command the arguments name: the first word that is neither an option nor an option's value. */
export function commandName(program: Command, args: readonly string[]): string | undefined {
  const takesValue = new Set(
    program.options
      .filter((option) => option.required || option.optional)
      .flatMap((option) => [option.long, option.short]),
  );
  /**
   * Whether an option word leaves its value to the next word: `--output`, `-o`, or `-qo` as commander combines
   * short flags.
   */
  const valueFollows = (arg: string) => {
    if (arg.startsWith('--') || arg.length <= 2) return takesValue.has(arg);
    const first = [...arg.slice(1)].findIndex((flag) => takesValue.has(`-${flag}`));
    return first === arg.length - 2;
  };
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    if (arg.startsWith('-')) {
      if (valueFollows(arg)) i++;
      continue;
    }
    operands.push(arg);
    // `whctl help products` is about products.
    if (operands[0] !== 'help') break;
  }
  return operands[0] === 'help' ? operands[1] : operands[0];
}

/** `Global options: --base-url, ..., -q/--quiet (see whctl --help)`, for every command's help. */
function globalOptionsLine(root: Command): string {
  const flags = root.options
    .filter((option) => option.long !== '--version')
    .map((option) => [option.short, option.long].filter(Boolean).join('/'));
  return `\nGlobal options: ${flags.join(', ')} (see whctl --help)`;
}

/**
 * Gives a loaded command tree the root's settings (exit override, output, help), as `.command()` would, and a
 * line naming the global options.
 */
function inherit(parent: Command, command: Command, pointer: string): void {
  command.copyInheritedSettings(parent);
  command.addHelpText('after', pointer);
  for (const sub of command.commands) inherit(command, sub, pointer);
}

/**
 * Adds the command `name` in full and every other one as a placeholder that only lists itself
 * in help; `'all'`, or a command that reads the tree, loads every command.
 */
export async function addCommands(program: Command, name: string | undefined | 'all'): Promise<void> {
  const pointer = globalOptionsLine(program);
  const all = name === 'all' || (name !== undefined && Object.hasOwn(commands, name) && commands[name]!.readsTree);
  for (const [key, entry] of Object.entries(commands)) {
    if (all || key === name) {
      const command = (await entry.load()).description(entry.description);
      inherit(program, command, pointer);
      program.addCommand(command);
    } else {
      program.command(key).description(entry.description);
    }
  }
}
