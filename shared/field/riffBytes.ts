/**
 * Builds RIFF/WAVE bytes following the format (little-endian chunks: 4-byte id, 4-byte size,
 * body padded to an even length). Used by the synthetic night and by the tests' fixtures, so
 * both write files the way recorders do, chunk by chunk.
 */

const ascii = (text: string): Uint8Array => {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
};

const concat = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** One chunk: id, size (the body's, without padding), body, a pad byte when the size is odd. */
export const riffChunk = (id: string, body: Uint8Array, declaredSize = body.length): Uint8Array => {
  const header = new Uint8Array(8);
  header.set(ascii(id.padEnd(4, ' ').slice(0, 4)), 0);
  new DataView(header.buffer).setUint32(4, declaredSize >>> 0, true);
  return concat(body.length % 2 === 1 ? [header, body, new Uint8Array(1)] : [header, body]);
};

export type PcmFormat = {
  readonly sampleRate: number;
  readonly channels: number;
  readonly bitsPerSample: number;
};

/** The 16-byte PCM `fmt ` chunk (format tag 1). */
export const fmtChunk = (format: PcmFormat): Uint8Array => {
  const body = new Uint8Array(16);
  const view = new DataView(body.buffer);
  const blockAlign = format.channels * Math.ceil(format.bitsPerSample / 8);
  view.setUint16(0, 1, true);
  view.setUint16(2, format.channels, true);
  view.setUint32(4, format.sampleRate, true);
  view.setUint32(8, format.sampleRate * blockAlign, true);
  view.setUint16(12, blockAlign, true);
  view.setUint16(14, format.bitsPerSample, true);
  return riffChunk('fmt ', body);
};

/** The 8-byte header of a `data` chunk whose samples are written separately (streamed). */
export const dataChunkHeader = (dataSize: number): Uint8Array => {
  const header = riffChunk('data', new Uint8Array(0));
  new DataView(header.buffer).setUint32(4, dataSize >>> 0, true);
  return header;
};

/** `RIFF` + size + `WAVE`; `riffSize` is the whole file's length minus 8. */
export const riffHeader = (riffSize: number, form = 'WAVE'): Uint8Array => {
  const bytes = new Uint8Array(12);
  bytes.set(ascii('RIFF'), 0);
  new DataView(bytes.buffer).setUint32(4, riffSize >>> 0, true);
  bytes.set(ascii(form), 8);
  return bytes;
};

/** A GUANO `guan` chunk: UTF-8 `key: value` lines, padded with spaces to an even length (spec). */
export const guanoChunk = (fields: readonly (readonly [string, string])[]): Uint8Array => {
  const text = fields.map(([k, v]) => `${k}: ${v.replace(/\n/g, '\\n')}`).join('\n');
  let body: Uint8Array = new TextEncoder().encode(text);
  if (body.length % 2 === 1) body = concat([body, ascii(' ')]);
  return riffChunk('guan', body);
};

/** A `LIST`/`INFO` chunk with NUL-terminated text sub-chunks (`ICMT`, `IART`...), as AudioMoth writes. */
export const infoListChunk = (entries: readonly (readonly [string, string])[]): Uint8Array => {
  const subs = entries.map(([id, text]) => riffChunk(id, concat([ascii(text), new Uint8Array(1)])));
  return riffChunk('LIST', concat([ascii('INFO'), ...subs]));
};

/** A whole WAV file's bytes (small fixtures): `before` chunks go between `fmt ` and `data`, `after` ones follow `data`. */
export const wavFile = (parts: {
  readonly format: PcmFormat;
  readonly audio: Uint8Array;
  readonly before?: readonly Uint8Array[];
  readonly after?: readonly Uint8Array[];
}): Uint8Array => {
  const body = concat([
    fmtChunk(parts.format),
    ...(parts.before ?? []),
    riffChunk('data', parts.audio),
    ...(parts.after ?? []),
  ]);
  return concat([riffHeader(body.length + 4), body]);
};

export { concat as concatBytes };
