/**
 * The environment a volunteer's shell gives `depot`: this process's, the bucket's keys, and
 * Node's warnings off (the hostile-input tests leave them on to check the command hides them).
 */
export const depotEnv = (
  credentials: { readonly accessKeyId: string; readonly secretAccessKey: string },
  extra: Readonly<Record<string, string>> = {},
): NodeJS.ProcessEnv => ({
  ...process.env,
  AWS_ACCESS_KEY_ID: credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  NODE_NO_WARNINGS: '1',
  ...extra,
});
