/**
 * Command-line options of every entry point, through node:util parseArgs: `--help` (or `-h`)
 * prints the command's usage and exits 0; an unknown option or a missing value stops it with one
 * line naming the option and exit code 2 (never a stack trace).
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

export interface Command<O extends ParseArgsOptionsConfig> {
  /** As the operator types it: `npm run publisher`. */
  name: string;
  /** The usage text printed by --help (the options, then the variables the command reads). */
  usage: string;
  options: O;
  allowPositionals?: boolean;
}

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/** The options of `argv` (default: this process's), or exits as described above. */
export function parseCommand<O extends ParseArgsOptionsConfig>(command: Command<O>, argv = process.argv.slice(2)) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...command.options, ...HELP },
      allowPositionals: command.allowPositionals ?? false,
      strict: true,
    });
  } catch (error) {
    // parseArgs' first sentence names the option ("Unknown option '--fast'"); the rest is advice
    // about positionals that does not apply here.
    const first = (error as Error).message.split(/\.\s/)[0];
    console.error(`${command.name}: ${first} (${command.name} -- --help for the usage)`);
    process.exit(2);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(command.usage.trim());
    process.exit(0);
  }
  return parsed;
}

/** A whole number option (`--scale 300`), or exits naming it. */
export function intOption(
  command: { name: string },
  flag: string,
  value: string | undefined,
  fallback: number,
  min = 0,
) {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    console.error(`${command.name}: --${flag} must be a whole number of at least ${min} (got "${value}")`);
    process.exit(2);
  }
  return n;
}
