/**
 * Entry point of the `notes-server` bin (server/bin.mjs): runs the CLI on the process arguments
 * with the process's streams, then exits with its code.
 */
import { main } from './main.ts';

const code = await main(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
