import type { ObjectRead } from '../../shared/ports/ObjectStore';

type Body = AsyncIterable<Uint8Array> & { destroy?: () => void };

/**
 * A GetObject body, read only up to `maxBytes`: not read at all when the announced length is
 * larger, cut short when no length was announced and the bytes go past it. `alive` re-arms the
 * stall watchdog for every chunk.
 */
export const readBounded = async (
  body: Body | undefined,
  announced: number | undefined,
  maxBytes: number,
  alive: () => void,
): Promise<ObjectRead> => {
  if (body === undefined) return { kind: 'bytes', bytes: new Uint8Array() };
  if ((announced ?? 0) > maxBytes) {
    body.destroy?.();
    return { kind: 'too-large', size: announced ?? 0 };
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of body) {
    length += chunk.length;
    if (length > maxBytes) {
      body.destroy?.();
      return { kind: 'too-large', size: length };
    }
    chunks.push(chunk);
    alive();
  }
  return { kind: 'bytes', bytes: Buffer.concat(chunks) };
};
