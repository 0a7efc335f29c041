/**
 * What the interface sees of the backend: plain, serialisable, never a secret. One file per
 * concern in `views/`, gathered here so that the contract and both sides import one place.
 */
export type * from './views/planViews';
export type * from './views/portalViews';
export type * from './views/waysBackViews';
export type * from './views/settingsViews';
export type * from './views/diagnosticsViews';
export type * from './views/folderViews';
