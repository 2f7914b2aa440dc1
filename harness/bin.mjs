#!/usr/bin/env node
// The `harness` bin: registers tsx so the TypeScript CLI runs straight from source, then hands
// over to cli.ts. http-server's bundled `union` touches a deprecated Node API on every response;
// that one warning (DEP0066) is silenced so it does not clutter the terminal, all others remain.
import { register } from 'tsx/esm/api';

const emitWarning = process.emitWarning.bind(process);
process.emitWarning = (warning, ...rest) => {
  const code = typeof rest[0] === 'object' && rest[0] !== null ? rest[0].code : rest[1];
  if (code === 'DEP0066') return;
  emitWarning(warning, ...rest);
};

register();
await import('./cli.ts');
