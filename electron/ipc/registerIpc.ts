import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { methodNames } from '../../shared/ipc/contract';
import { channelOf } from '../../shared/ipc/channels';
import { fail } from '../../shared/ipc/Result';
import type { Handlers } from './Handlers';
import { dispatch } from './dispatch';

/**
 * One `ipcMain.handle` per contract method. Calls from any frame other than our own page (an
 * injected iframe, a navigated window) are refused before validation.
 */
export const registerIpc = (
  ipcMain: IpcMain,
  handlers: Handlers,
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean,
  onUnexpected: (method: string, error: unknown) => void,
): (() => void) => {
  for (const method of methodNames) {
    ipcMain.handle(channelOf(method), (event, input: unknown) =>
      isTrustedSender(event)
        ? dispatch(handlers, method, input, onUnexpected)
        : Promise.resolve(fail('invalid-input', 'untrusted sender')),
    );
  }
  return () => {
    for (const method of methodNames) ipcMain.removeHandler(channelOf(method));
  };
};
