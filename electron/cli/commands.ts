import { checkCommand } from './checkCommand';
import { correctCommand } from './correctCommand';
import { removeCommand } from './removeCommand';
import type { Command } from './Command';
import { depositCommand } from './depositCommand';
import { retryFailuresCommand } from './retryFailuresCommand';
import { statusCommand } from './statusCommand';
import { verifyCommand } from './verifyCommand';

/** Every subcommand of `depot`, in the order `depot help` lists them. */
export const commands: readonly Command[] = [
  checkCommand,
  depositCommand,
  statusCommand,
  retryFailuresCommand,
  verifyCommand,
  correctCommand,
  removeCommand,
];
