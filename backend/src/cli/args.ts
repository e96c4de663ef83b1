/**
 * The command line of the data tools: `--help` prints the usage, and an unknown or malformed
 * option is refused with the usage instead of a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export function readArgs<T extends ParseArgsConfig>(tool: string, usage: string, config: T): ReturnType<typeof parseArgs<T>> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs(config);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (!code.startsWith('ERR_PARSE_ARGS')) throw err;
    console.error(`${tool}: 参数有误（${(err as Error).message.split('.')[0]}）\n${usage}`);
    process.exit(2);
  }
}
