import { checkCommand } from './checkCommand';
import type { Command } from './Command';

/** Every subcommand of `depot`, in the order `depot help` lists them. */
export const commands: readonly Command[] = [checkCommand];
