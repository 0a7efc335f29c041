/**
 * A 2xx answer without the field the protocol needs (CreateMultipartUpload's UploadId, a part's
 * ETag): what arrived cannot be used, as when the connection drops before the answer. It is not a
 * refusal (the server sent no error status) but unreachable 'incomplete-answer': retryable, and
 * "may have acted" (an upload may have been created, a part stored), like a lost reply.
 */
export class IncompleteAnswer extends Error {
  override readonly name = 'IncompleteAnswer';
  constructor(field: string) {
    super(`the server's answer has no ${field}`);
  }
}
