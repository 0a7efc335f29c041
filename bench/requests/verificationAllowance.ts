/**
 * The requests Depot's verification adds to a night beyond what the AWS CLI sends for it (issue
 * 29's target; ADR 0033 says why each is there):
 * - the probe: one ListObjectsV2 of the prefix with max-keys 0, the first contact (ADR 0028);
 * - the listing: one ListObjectsV2 of the prefix (one page under 1,000 keys), "done" checked
 *   against the server (issue 30 item 1);
 * - the manifest: one PutObject;
 * - per multipart file, one HeadObject after the Complete, whose ETag radosgw 16 leaves empty;
 * - per multipart file, the placeholder PutObject `If-None-Match: *` that keeps the Complete from
 *   replacing another writer's object (ADR 0028).
 */
export type VerificationAllowance = {
  readonly probe: number;
  readonly listing: number;
  readonly manifest: number;
  readonly headAfterComplete: number;
  readonly placeholders: number;
  readonly total: number;
};

/** `multipartFiles`: the files Depot completed multipart in the run (radosgw's log). */
export const verificationAllowance = (multipartFiles: number): VerificationAllowance => ({
  probe: 1,
  listing: 1,
  manifest: 1,
  headAfterComplete: multipartFiles,
  placeholders: multipartFiles,
  total: 3 + 2 * multipartFiles,
});

/** Issue 29: Depot's requests per night within 10 % of the AWS CLI's, plus its verification. */
export const requestBudget = (awsCliRequests: number, multipartFiles: number): number =>
  1.1 * awsCliRequests + verificationAllowance(multipartFiles).total;
