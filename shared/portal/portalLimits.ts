/**
 * The largest file a portal takes: one PUT to a signed URL, which S3 caps at 5 GiB (facts §3:
 * multipart is retired on Vigie-Chiro, the front sends `multipart: false`).
 */
export const PORTAL_MAX_FILE_BYTES = 5 * 1024 ** 3;
