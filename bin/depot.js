#!/usr/bin/env node
// Runs the TypeScript command line from the checkout (`npx depot ...`) without a build step.
import { register } from 'tsx/esm/api';

register();
await import('../electron/cli/main.ts');
