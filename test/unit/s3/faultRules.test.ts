import { describe, expect, it } from 'vitest';
import {
  FaultRuleBook,
  fault,
  matchesRequest,
  s3Request,
  s3ErrorXml,
  type MatchableRequest,
} from '../../support/faultRules';

const req = (method: string, url: string): MatchableRequest => {
  const [path = '/', query = ''] = url.split('?');
  return { method, path, query: new URLSearchParams(query) };
};

describe('fault rules: which request is which S3 operation', () => {
  const cases: [string, MatchableRequest, keyof typeof s3Request][] = [
    ['PutObject', req('PUT', '/b/k?x-id=PutObject'), 'putObject'],
    ['UploadPart', req('PUT', '/b/k?partNumber=2&uploadId=u1&x-id=UploadPart'), 'uploadPart'],
    ['CreateMultipartUpload', req('POST', '/b/k?uploads'), 'createMultipartUpload'],
    ['CompleteMultipartUpload', req('POST', '/b/k?uploadId=u1'), 'completeMultipartUpload'],
    ['AbortMultipartUpload', req('DELETE', '/b/k?uploadId=u1'), 'abortMultipartUpload'],
    ['ListParts', req('GET', '/b/k?uploadId=u1'), 'listParts'],
    ['ListMultipartUploads', req('GET', '/b?uploads&prefix=n'), 'listMultipartUploads'],
    ['ListObjectsV2', req('GET', '/b?list-type=2&prefix=n'), 'listObjects'],
    ['HeadObject', req('HEAD', '/b/k'), 'headObject'],
  ];
  for (const [name, request, matcher] of cases) {
    it(`${name} matches ${matcher} and no other operation`, () => {
      const matching = Object.entries(s3Request)
        .filter(([key]) => key !== 'any')
        .filter(([, m]) => matchesRequest(m, request))
        .map(([key]) => key);
      expect(matching).toEqual([matcher]);
    });
  }

  it('matches a path pattern and an arbitrary predicate', () => {
    expect(matchesRequest({ path: /\/night\// }, req('PUT', '/b/night/a.wav'))).toBe(true);
    expect(matchesRequest({ path: /\/night\// }, req('PUT', '/b/day/a.wav'))).toBe(false);
    const part3 = { test: (r: MatchableRequest) => r.query.get('partNumber') === '3' };
    expect(matchesRequest(part3, req('PUT', '/b/k?partNumber=3&uploadId=u'))).toBe(true);
    expect(matchesRequest(part3, req('PUT', '/b/k?partNumber=4&uploadId=u'))).toBe(false);
  });
});

describe('fault rules: counting', () => {
  it('skips `after` matches, fires `times` times, then lets requests through', () => {
    const book = new FaultRuleBook();
    const rule = book.add({
      match: s3Request.uploadPart,
      action: fault.reset(),
      after: 2,
      times: 2,
    });
    const part = req('PUT', '/b/k?partNumber=1&uploadId=u');
    const decisions = Array.from({ length: 6 }, () => book.decide(part)?.kind);
    expect(decisions).toEqual([undefined, undefined, 'reset', 'reset', undefined, undefined]);
    expect(rule.matched).toBe(4);
    expect(rule.fired).toBe(2);
    expect(rule.exhausted).toBe(true);
  });

  it('fires once by default and ignores requests it does not match', () => {
    const book = new FaultRuleBook();
    const rule = book.add({ match: s3Request.putObject, action: fault.loseReply() });
    expect(book.decide(req('HEAD', '/b/k'))).toBeUndefined();
    expect(book.decide(req('PUT', '/b/k'))?.kind).toBe('loseReply');
    expect(book.decide(req('PUT', '/b/k'))).toBeUndefined();
    expect(rule.matched).toBe(1);
  });

  it('gives the first live rule the request, and later rules the ones it skips', () => {
    const book = new FaultRuleBook();
    book.add({ match: s3Request.any, action: fault.delay(5), after: 1 });
    book.add({ match: s3Request.any, action: fault.stall(9), times: Infinity });
    const r = req('GET', '/b?list-type=2');
    expect([1, 2, 3].map(() => book.decide(r)?.kind)).toEqual(['stall', 'delay', 'stall']);
  });

  it('forgets a removed rule, and every rule on clear()', () => {
    const book = new FaultRuleBook();
    const a = book.add({ match: s3Request.any, action: fault.reset(), times: Infinity });
    a.remove();
    expect(book.decide(req('GET', '/'))).toBeUndefined();
    book.add({ match: s3Request.any, action: fault.reset(), times: Infinity });
    book.clear();
    expect(book.decide(req('GET', '/'))).toBeUndefined();
  });
});

describe('fault rules: S3 error body', () => {
  it('is S3 XML with the code, escaped', () => {
    const xml = s3ErrorXml('SlowDown', 'Please <reduce> & retry', '/b/k');
    expect(xml).toContain('<Code>SlowDown</Code>');
    expect(xml).toContain('<Message>Please &#60;reduce&#62; &#38; retry</Message>');
  });
});
