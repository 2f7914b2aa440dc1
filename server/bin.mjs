#!/usr/bin/env node
// The `notes-server` bin: registers tsx in this very process (no child, so SIGTERM reaches the
// service itself) and runs the TypeScript CLI from source (src/cli/run.ts).
import { register } from 'tsx/esm/api';

register();
await import('./src/cli/run.ts');
