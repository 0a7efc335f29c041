import type { MethodName } from './contract';

/**
 * Electron IPC channel names, apart from the contract so the preload bundle stays free of zod
 * (the bridge uses the method name itself).
 */
export const channelOf = (method: MethodName): string => `depot:${method}`;
export const EVENT_CHANNEL = 'depot:event';
