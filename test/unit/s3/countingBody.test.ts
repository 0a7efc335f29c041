import { describe, expect, it } from 'vitest';
import { countingBody } from '../../../electron/s3/countingBody';

const drain = async (stream: AsyncIterable<Buffer>): Promise<Buffer[]> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return chunks;
};

describe('countingBody', () => {
  it('sends bytes in memory in 64 KiB pieces and counts each as it is pulled', async () => {
    const bytes = Buffer.alloc(150_000, 7);
    bytes[149_999] = 9;
    const totals: number[] = [];
    const body = countingBody({ kind: 'bytes', bytes }, (t) => totals.push(t));
    expect(body.length).toBe(150_000);
    const chunks = await drain(body.stream);
    expect(chunks.map((c) => c.length)).toEqual([65_536, 65_536, 18_928]);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(totals).toEqual([65_536, 131_072, 150_000]);
  });

  it('sends an empty body as an empty stream, counting nothing', async () => {
    const totals: number[] = [];
    const body = countingBody({ kind: 'bytes', bytes: new Uint8Array(0) }, (t) => totals.push(t));
    expect(await drain(body.stream)).toEqual([]);
    expect(totals).toEqual([]);
  });
});
