import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { IpcRendererEvent } from 'electron';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import type { DepotApi } from '../../shared/ipc/DepotApi';
import { channelOf, EVENT_CHANNEL } from '../../shared/ipc/channels';
import { createDepotApi } from '../../shared/ipc/createDepotApi';

// Named functions of the contract only: the renderer never gets ipcRenderer, nor a generic send.
const api: DepotApi = createDepotApi({
  call: (method, input) => ipcRenderer.invoke(channelOf(method), input) as never,
  subscribe: (listener) => {
    const forward = (_event: IpcRendererEvent, payload: DepotEvent): void => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
});

contextBridge.exposeInMainWorld('depot', api);
// A dropped folder's path: Electron no longer sets File.path; webUtils answers in the preload only.
contextBridge.exposeInMainWorld('depotFiles', {
  pathForFile: (file: File): string => webUtils.getPathForFile(file),
});
