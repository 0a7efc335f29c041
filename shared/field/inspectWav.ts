import type { GuanoMetadata } from './parseGuano';
import { parseGuano } from './parseGuano';

/** Reads up to `length` bytes at `offset`; fewer at the end of the file. Injected: shared/ has no fs. */
export type ReadAt = (offset: number, length: number) => Promise<Uint8Array>;

export type WavClass = 'valid' | 'empty' | 'header-only' | 'truncated' | 'not-wav';

export type WavFormat = {
  readonly formatTag: number;
  readonly channels: number;
  readonly sampleRate: number;
  readonly bitsPerSample: number;
  readonly byteRate: number;
  readonly blockAlign: number;
};

export type WavInspection = {
  readonly class: WavClass;
  /** Why the class is not `valid`, in plain English (for logs and the CLI's details). */
  readonly detail?: string;
  readonly format?: WavFormat;
  /** Audio bytes present in the file (what a player can read). */
  readonly dataBytes?: number;
  /** Audio bytes the data chunk header announces. */
  readonly declaredDataBytes?: number;
  /** Seconds of audio in the file (before any time-expansion correction). */
  readonly durationSec?: number;
  readonly guano?: GuanoMetadata;
  /** `LIST`/`INFO` text fields (`ICMT`, `IART`...), NUL padding removed. */
  readonly info?: Readonly<Record<string, string>>;
  /** The chunk ids in file order, for diagnostics. */
  readonly chunks: readonly string[];
};

/** Metadata chunks larger than this are not read: no recorder writes megabytes of metadata. */
const MAX_METADATA_CHUNK = 1 << 20;
const MAX_CHUNKS = 4096;
const UNSET = 0xffffffff;

const id = (bytes: Uint8Array, at: number): string =>
  String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);

const u32 = (bytes: Uint8Array, at: number): number =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at, true);

const parseFmt = (body: Uint8Array): WavFormat | undefined => {
  if (body.length < 16) return undefined;
  const v = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const format = {
    formatTag: v.getUint16(0, true),
    channels: v.getUint16(2, true),
    sampleRate: v.getUint32(4, true),
    byteRate: v.getUint32(8, true),
    blockAlign: v.getUint16(12, true),
    bitsPerSample: v.getUint16(14, true),
  };
  return format.channels > 0 && format.sampleRate > 0 && format.blockAlign > 0 ? format : undefined;
};

const parseInfo = (body: Uint8Array): Record<string, string> => {
  const info: Record<string, string> = {};
  const decoder = new TextDecoder('utf-8');
  for (let at = 4; at + 8 <= body.length;) {
    const size = u32(body, at + 4);
    const text = decoder.decode(body.subarray(at + 8, Math.min(body.length, at + 8 + size)));
    // eslint-disable-next-line no-control-regex -- INFO strings are NUL-terminated and padded
    info[id(body, at).trim()] = text.replace(/\u0000+$/g, '').trim();
    at += 8 + size + (size % 2);
  }
  return info;
};

/**
 * Walks a WAV file's RIFF chunks from their headers only: `fmt `, the `data` chunk's size
 * against the file's, and the metadata chunks (`guan`, `LIST`/`INFO`) wherever they are, before
 * or after the audio, each fetched with its own positioned read. Audio bytes are never read.
 *
 * Classes: empty (0 bytes); not-wav (no RIFF/WAVE header or no usable `fmt `); header-only (a
 * header and no samples); truncated (the file ends before what its chunks announce: a card
 * pulled out while writing, or a header never finalized); valid.
 */
export const inspectWav = async (read: ReadAt, size: number): Promise<WavInspection> => {
  if (size === 0) return { class: 'empty', chunks: [] };
  const head = await read(0, 12);
  const magic = id(head, 0);
  if (head.length < 12) {
    const partialRiff = 'RIFF'.startsWith(magic.slice(0, Math.min(4, head.length)));
    return partialRiff
      ? {
          class: 'truncated',
          detail: `only ${head.length} bytes, ends inside the RIFF header`,
          chunks: [],
        }
      : { class: 'not-wav', detail: 'no RIFF/WAVE header', chunks: [] };
  }
  if ((magic !== 'RIFF' && magic !== 'RF64') || id(head, 8) !== 'WAVE')
    return {
      class: 'not-wav',
      detail: `starts with "${printable(magic)}", not RIFF/WAVE`,
      chunks: [],
    };
  const riffSize = u32(head, 4);

  const { chunks, format, guano, info, data, cut } = await walkChunks(read, size, magic);
  return classifyWav({ chunks, format, guano, info, data, cut }, size, riffSize);
};

/** What walking a file's chunk headers found (see `inspectWav`). */
type ChunkWalk = {
  readonly chunks: string[];
  readonly format: WavFormat | undefined;
  readonly guano: GuanoMetadata | undefined;
  readonly info: Record<string, string> | undefined;
  readonly data: { readonly declared: number; readonly available: number } | undefined;
  /** The chunk the file ends inside, if it does. */
  readonly cut: string | undefined;
};

/** Walks the chunk headers after the RIFF header, reading only metadata chunks' bodies. */
const walkChunks = async (read: ReadAt, size: number, magic: string): Promise<ChunkWalk> => {
  const chunks: string[] = [];
  let format: WavFormat | undefined;
  let guano: GuanoMetadata | undefined;
  let info: Record<string, string> | undefined;
  let ds64DataSize: number | undefined;
  let data: { declared: number; available: number } | undefined;
  let cut: string | undefined;

  let offset = 12;
  while (offset + 8 <= size && chunks.length < MAX_CHUNKS) {
    const header = await read(offset, 8);
    if (header.length < 8) break;
    const chunkId = id(header, 0);
    const chunkSize = u32(header, 4);
    const body = offset + 8;
    // Not a chunk id: padding or garbage (recorders that pre-allocate leave zeros after the
    // audio). Stop walking rather than crawl through it 8 bytes at a time.
    if (!/^[\x20-\x7e]{4}$/.test(chunkId)) break;
    chunks.push(chunkId);
    if (chunkId === 'data') {
      const declared =
        magic === 'RF64' && chunkSize === UNSET && ds64DataSize !== undefined
          ? ds64DataSize
          : chunkSize;
      data = { declared, available: size - body };
      if (declared === 0 && data.available >= 8 && (await looksLikeChunk(read, body, size))) {
        offset = body; // an empty data chunk followed by metadata (a header-only file with GUANO)
        continue;
      }
      if (
        declared > data.available ||
        declared === UNSET ||
        (declared === 0 && data.available > 0)
      ) {
        cut = 'data';
        break; // what follows is audio, or nothing: no chunk header to trust beyond this point
      }
      offset = body + declared + (declared % 2);
      continue;
    }
    if (body + chunkSize > size) {
      cut = chunkId;
      break;
    }
    if (chunkSize <= MAX_METADATA_CHUNK) {
      if (chunkId === 'fmt ') format = parseFmt(await read(body, Math.min(chunkSize, 64)));
      else if (chunkId === 'guan') guano = parseGuano(await read(body, chunkSize));
      else if (chunkId === 'LIST') {
        const list = await read(body, chunkSize);
        if (id(list, 0) === 'INFO') info = { ...info, ...parseInfo(list) };
      } else if (chunkId === 'ds64' && chunkSize >= 16) {
        const ds64 = await read(body, 16);
        ds64DataSize = u32(ds64, 8) + u32(ds64, 12) * 2 ** 32;
      }
    }
    offset = body + chunkSize + (chunkSize % 2);
  }

  return { chunks, format, guano, info, data, cut };
};

/** The file's class from what its chunks say against its size. */
const classifyWav = (walked: ChunkWalk, size: number, riffSize: number): WavInspection => {
  const { chunks, format, guano, info, data, cut } = walked;
  const meta = { chunks, ...(guano ? { guano } : {}), ...(info ? { info } : {}) };
  if (!format) {
    if (cut)
      return {
        class: 'truncated',
        detail: `ends inside the "${printable(cut)}" chunk, before any format`,
        ...meta,
      };
    return {
      class: 'not-wav',
      detail: chunks.includes('fmt ') ? 'unusable "fmt " chunk' : 'no "fmt " chunk',
      ...meta,
    };
  }
  const seconds = (bytes: number): number =>
    Math.round(
      (bytes / (format.byteRate > 0 ? format.byteRate : format.sampleRate * format.blockAlign)) *
        1000,
    ) / 1000;
  if (!data) {
    return cut
      ? {
          class: 'truncated',
          detail: `ends inside the "${printable(cut)}" chunk, before the audio`,
          format,
          ...meta,
        }
      : {
          class: 'header-only',
          detail: 'no "data" chunk',
          format,
          dataBytes: 0,
          durationSec: 0,
          ...meta,
        };
  }
  const sizes = { format, declaredDataBytes: data.declared, ...meta };
  if (cut === 'data') {
    const available = Math.min(
      data.available,
      data.declared === 0 || data.declared === UNSET ? data.available : data.declared,
    );
    const detail =
      data.declared === 0 || data.declared === UNSET
        ? `audio header never finalized (data size ${data.declared === 0 ? 0 : 'unset'}), ${data.available} bytes follow`
        : `data chunk announces ${data.declared} bytes, the file holds ${data.available}`;
    return {
      class: 'truncated',
      detail,
      dataBytes: available,
      durationSec: seconds(available),
      ...sizes,
    };
  }
  if (data.declared === 0)
    return {
      class: 'header-only',
      detail: 'data chunk is empty',
      dataBytes: 0,
      durationSec: 0,
      ...sizes,
    };
  const complete = { dataBytes: data.declared, durationSec: seconds(data.declared), ...sizes };
  if (cut)
    return {
      class: 'truncated',
      detail: `ends inside the "${printable(cut)}" chunk after the audio`,
      ...complete,
    };
  // A RIFF size past the end of the file means chunks announced by the header never arrived.
  if (riffSize !== UNSET && riffSize !== 0 && riffSize + 8 > size + 1)
    return {
      class: 'truncated',
      detail: `RIFF header announces ${riffSize + 8} bytes, the file holds ${size}`,
      ...complete,
    };
  return { class: 'valid', ...complete };
};

const looksLikeChunk = async (read: ReadAt, at: number, size: number): Promise<boolean> => {
  const header = await read(at, 8);
  return (
    header.length === 8 &&
    /^[A-Za-z0-9 ]{4}$/.test(id(header, 0)) &&
    at + 8 + u32(header, 4) <= size
  );
};

const printable = (text: string): string => text.replace(/[^\u0020-\u007e]/g, '?');
