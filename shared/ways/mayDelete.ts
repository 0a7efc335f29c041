import { bareEtag } from '../wire/proveSameContent';

/**
 * What to do with the object at a key a night wants to take back, from the server's own answer
 * (HeadObject) just before: delete it only while it still has the ETag the night's upload gave
 * it. Another ETag (or none to compare) is another writer's object: left alone (issue 31).
 */
export type DeleteDecision = 'delete' | 'absent' | 'not-ours';

export const mayDelete = (
  expectedEtag: string,
  head: { readonly etag: string } | undefined,
): DeleteDecision => {
  if (head === undefined) return 'absent';
  const there = bareEtag(head.etag);
  const ours = bareEtag(expectedEtag);
  return there !== '' && ours !== '' && there === ours ? 'delete' : 'not-ours';
};
