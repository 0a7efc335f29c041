import pkg from '../../package.json' with { type: 'json' };

/** Depot's version, from package.json: one home for what manifests and the app say (issue 13). */
export const APP_VERSION: string = pkg.version;
