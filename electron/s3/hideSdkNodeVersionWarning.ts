/**
 * On Node 20 the AWS SDK prints a 7-line "upgrade to Node 22" warning at its first client. Depot
 * declares Node >= 20.19 and pins the SDK's version (LAB.md), so a volunteer can do nothing about
 * it. The SDK's own switch hides that one warning and nothing else (no process-wide filter); a
 * value someone set on purpose is kept.
 */
export const hideSdkNodeVersionWarning = (env: NodeJS.ProcessEnv = process.env): void => {
  env['AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'] ??= 'true';
};
