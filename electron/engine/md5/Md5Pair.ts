import type { FileMd5s } from './fileMd5s';
import { MD5_PAIR_CHUNK, MD5_PAIR_INPUT } from './md5PairModule';

const INITIAL = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476] as const;
const WHOLE = 0;
const PART = 1;

/**
 * The whole file's MD5 and its current part's over one stream of bytes, in one pass of the
 * two-lane module (`md5PairModule`). Parts must start on a 64-byte boundary of the file (part
 * sizes are whole MiB), so that both lanes see the same blocks; only the last part may end off
 * one.
 */
export class Md5Pair implements FileMd5s {
  private readonly bytes: Uint8Array;
  private readonly words: Uint32Array;
  private readonly view: DataView;
  private readonly blocks: (pointer: number, count: number) => void;
  private readonly blocks2: (pointer: number, other: number, count: number) => void;
  /** Bytes not yet a whole block (`wholeLength % 64` of them), both lanes' next. */
  private readonly tail = new Uint8Array(64);
  private wholeLength = 0;
  private partLength = 0;

  constructor(module: WebAssembly.Module) {
    const { exports } = new WebAssembly.Instance(module, {});
    const memory = exports.memory as WebAssembly.Memory;
    this.blocks = exports.blocks as (pointer: number, count: number) => void;
    this.blocks2 = exports.blocks2 as (pointer: number, other: number, count: number) => void;
    this.bytes = new Uint8Array(memory.buffer);
    this.words = new Uint32Array(memory.buffer, 0, 16);
    this.view = new DataView(memory.buffer);
    this.startLane(WHOLE);
    this.startLane(PART);
  }

  update(chunk: Uint8Array): void {
    const tailLength = this.wholeLength % 64;
    // A part that began off a block boundary would not see the whole file's blocks.
    if (this.partLength === 0 && tailLength !== 0) {
      throw new Error('Md5Pair: a part ended off a 64-byte boundary before the end');
    }
    let offset = 0;
    if (tailLength > 0) {
      offset = Math.min(64 - tailLength, chunk.length);
      this.tail.set(chunk.subarray(0, offset), tailLength);
      if (tailLength + offset === 64) {
        this.bytes.set(this.tail, MD5_PAIR_INPUT);
        this.blocks(MD5_PAIR_INPUT, 1);
      }
    }
    while (chunk.length - offset >= 64) {
      const length = Math.min(MD5_PAIR_CHUNK, (chunk.length - offset) & ~63);
      this.bytes.set(chunk.subarray(offset, offset + length), MD5_PAIR_INPUT);
      this.blocks(MD5_PAIR_INPUT, length / 64);
      offset += length;
    }
    if (offset < chunk.length) this.tail.set(chunk.subarray(offset), 0);
    this.wholeLength += chunk.length;
    this.partLength += chunk.length;
  }

  /**
   * This pair over `bytes` and `other`'s over `otherBytes` in one pass of four lanes (two files
   * hashed at once: the lanes cost little more than two, ADR 0025). Where they are not of one
   * length in whole blocks, each is updated on its own.
   */
  updateWith(bytes: Uint8Array, other: Md5Pair, otherBytes: Uint8Array): void {
    const length = bytes.length;
    if (
      otherBytes.length !== length ||
      length % 64 !== 0 ||
      this.wholeLength % 64 !== 0 ||
      other.wholeLength % 64 !== 0 ||
      other === this
    ) {
      this.update(bytes);
      other.update(otherBytes);
      return;
    }
    // The other pair's lanes (0 and 1 of its state) run as lanes 2 and 3 of this one's.
    for (let index = 0; index < 4; index++) {
      this.words[index * 4 + 2] = other.words[index * 4 + WHOLE] ?? 0;
      this.words[index * 4 + 3] = other.words[index * 4 + PART] ?? 0;
    }
    const second = MD5_PAIR_INPUT + MD5_PAIR_CHUNK;
    for (let offset = 0; offset < length; offset += MD5_PAIR_CHUNK) {
      const end = Math.min(offset + MD5_PAIR_CHUNK, length);
      this.bytes.set(bytes.subarray(offset, end), MD5_PAIR_INPUT);
      this.bytes.set(otherBytes.subarray(offset, end), second);
      this.blocks2(MD5_PAIR_INPUT, second, (end - offset) / 64);
    }
    for (let index = 0; index < 4; index++) {
      other.words[index * 4 + WHOLE] = this.words[index * 4 + 2] ?? 0;
      other.words[index * 4 + PART] = this.words[index * 4 + 3] ?? 0;
    }
    this.wholeLength += length;
    this.partLength += length;
    other.wholeLength += length;
    other.partLength += length;
  }

  /** The current part's MD5 (hex); the next bytes start the next part. */
  digestPart(): string {
    const hex = this.digest(PART, this.partLength);
    this.startLane(PART);
    this.partLength = 0;
    return hex;
  }

  /** The whole file's MD5 (hex), of every byte so far. */
  digestWhole(): string {
    return this.digest(WHOLE, this.wholeLength);
  }

  private startLane(lane: number): void {
    INITIAL.forEach((word, index) => {
      this.words[index * 4 + lane] = word;
    });
  }

  /** RFC 1321's padding run on a copy of the state: the lanes go on from where they were. */
  private digest(lane: number, length: number): string {
    const saved = this.words.slice();
    const tailLength = this.wholeLength % 64;
    const padded = tailLength < 56 ? 64 : 128;
    const at = MD5_PAIR_INPUT;
    this.bytes.set(this.tail.subarray(0, tailLength), at);
    this.bytes[at + tailLength] = 0x80;
    this.bytes.fill(0, at + tailLength + 1, at + padded - 8);
    this.view.setUint32(at + padded - 8, (length % 2 ** 29) * 8, true);
    this.view.setUint32(at + padded - 4, Math.floor(length / 2 ** 29), true);
    this.blocks(at, padded / 64);
    const out = Buffer.alloc(16);
    for (let index = 0; index < 4; index++)
      out.writeUInt32LE(this.words[index * 4 + lane] ?? 0, index * 4);
    this.words.set(saved);
    return out.toString('hex');
  }
}
