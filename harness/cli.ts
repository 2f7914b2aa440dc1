/**
 * Entry point of the `harness` bin (see bin.mjs): runs the CLI on the process arguments and sets
 * the exit code; long-running commands keep the process alive until Ctrl-C / SIGTERM.
 */
import { main } from './cli/main.ts';

const code = await main(process.argv.slice(2));
if (code !== null) process.exitCode = code;
