/**
 * A WebAssembly module that runs two MD5s over the same 64-byte blocks at once, one in each of
 * two 32-bit lanes of SIMD registers (and, `blocks2`, two files' pairs at once in four lanes). A multipart file needs two MD5s over every byte, the whole
 * file's (rclone's `md5chksum`) and its current part's (the Content-MD5, and what the part's ETag
 * must equal on resume), and MD5 has no hardware help: one step waits on the one before, so a
 * second hash in the spare lanes costs little more than the first (issue 15, ADR 0023).
 *
 * The bytes are built here rather than shipped as a binary, so what runs can be read: the 64
 * steps of RFC 1321, each `a = b + rotl(a + M[g] + K[i] + f(b, c, d), s)`.
 *
 * Memory: the state at 0 (four v128, A B C D, lane 0 and lane 1 of each used by `blocks`, all four
 * by `blocks2`), the input at `MD5_PAIR_INPUT` and a second input `MD5_PAIR_CHUNK` after it.
 * Export `blocks(pointer, count)` runs `count` blocks from `pointer` in every lane;
 * `blocks2(pointer, other, count)` runs lanes 0 and 1 over the blocks at `pointer`, lanes 2 and 3
 * over those at `other`.
 */
export const MD5_PAIR_INPUT = 1024;
/** Bytes of input the module's memory holds at once. */
export const MD5_PAIR_CHUNK = 64 * 1024;

/** Opcodes used below (WebAssembly core 2.0, with fixed-width SIMD behind the 0xfd prefix). */
const OP = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  localGet: 0x20,
  localSet: 0x21,
  i32Load: 0x28,
  i32Const: 0x41,
  i32Eqz: 0x45,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  simd: 0xfd,
} as const;
const SIMD = {
  v128Load: 0x00,
  v128Store: 0x0b,
  i32x4Splat: 0x11,
  i32x4ReplaceLane: 0x1c,
  v128Not: 0x4d,
  v128Or: 0x50,
  v128Xor: 0x51,
  v128Bitselect: 0x52,
  i32x4Shl: 0xab,
  i32x4ShrU: 0xad,
  i32x4Add: 0xae,
} as const;
const I32 = 0x7f;
const V128 = 0x7b;
const EMPTY_BLOCK = 0x40;

type Code = number[];

const uleb = (value: number): Code => {
  const out: Code = [];
  let rest = value >>> 0;
  do {
    const byte = rest & 0x7f;
    rest >>>= 7;
    out.push(rest === 0 ? byte : byte | 0x80);
  } while (rest !== 0);
  return out;
};

const sleb = (value: number): Code => {
  const out: Code = [];
  let rest = value | 0;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    const done = (rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
};

const vec = (items: Code[]): Code => [...uleb(items.length), ...items.flat()];
const name = (text: string): Code => [
  ...uleb(text.length),
  ...Array.from(text, (c) => c.charCodeAt(0)),
];
const section = (id: number, body: Code): Code => [id, ...uleb(body.length), ...body];

/**
 * A function's locals: its parameters (the input's address, for `blocks2` the second input's, and
 * the count of blocks), then the state, a step's sum, the state before the block, and for
 * `blocks2` the first input's word of a step.
 */
type Locals = {
  readonly P: number;
  readonly Q: number | undefined;
  readonly N: number;
  readonly A: number;
  readonly B: number;
  readonly C: number;
  readonly D: number;
  readonly T: number;
  readonly AA: number;
  readonly BB: number;
  readonly CC: number;
  readonly DD: number;
  readonly X: number | undefined;
};

const localsOf = (inputs: 1 | 2): Locals => {
  const v = inputs + 1;
  return {
    P: 0,
    Q: inputs === 2 ? 1 : undefined,
    N: inputs,
    A: v,
    B: v + 1,
    C: v + 2,
    D: v + 3,
    T: v + 4,
    AA: v + 5,
    BB: v + 6,
    CC: v + 7,
    DD: v + 8,
    X: inputs === 2 ? v + 9 : undefined,
  };
};

const get = (local: number): Code => [OP.localGet, ...uleb(local)];
const set = (local: number, value: Code): Code => [...value, OP.localSet, ...uleb(local)];
const i32 = (value: number): Code => [OP.i32Const, ...sleb(value)];
const simd = (opcode: number, ...operands: Code[]): Code => [
  ...operands.flat(),
  OP.simd,
  ...uleb(opcode),
];
const add = (x: Code, y: Code): Code => simd(SIMD.i32x4Add, x, y);
/** A v128 load or store of the state, 16-byte aligned, at `offset` from address 0. */
const stateAt = (opcode: number, offset: number, ...value: Code[]): Code => [
  ...i32(0),
  ...value.flat(),
  OP.simd,
  ...uleb(opcode),
  4,
  ...uleb(offset),
];

/** RFC 1321's sines: K[i] = floor(|sin(i + 1)| * 2^32). */
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);
const SHIFTS = [
  [7, 12, 17, 22],
  [5, 9, 14, 20],
  [4, 11, 16, 23],
  [6, 10, 15, 21],
] as const;

/** The round's function of b, c and d, written so that b, the newest, comes in last. */
const roundFunction = (round: number, b: number, c: number, d: number): Code => {
  if (round === 0) return simd(SIMD.v128Bitselect, get(c), get(d), get(b)); // (b & c) | (~b & d)
  if (round === 1) return simd(SIMD.v128Bitselect, get(b), get(c), get(d)); // (b & d) | (c & ~d)
  if (round === 2) return simd(SIMD.v128Xor, get(b), simd(SIMD.v128Xor, get(c), get(d)));
  return simd(SIMD.v128Xor, get(c), simd(SIMD.v128Or, get(b), simd(SIMD.v128Not, get(d))));
};

const messageIndex = (round: number, i: number): number =>
  [i, (5 * i + 1) % 16, (3 * i + 5) % 16, (7 * i) % 16][round] ?? 0;

/** Word `g` of the block at `pointer`, plus K[i]: an i32. */
const wordAt = (pointer: number, g: number, k: number): Code => [
  ...get(pointer),
  OP.i32Load,
  2,
  ...uleb(4 * g),
  ...i32(k),
  OP.i32Add,
];

/**
 * The step's word in every lane: one input's in all four, or (`blocks2`) the first input's in
 * lanes 0 and 1 and the second's in lanes 2 and 3. Neither waits on the step before.
 */
const laneWords = (L: Locals, g: number, k: number): Code => {
  if (L.Q === undefined || L.X === undefined) return simd(SIMD.i32x4Splat, wordAt(L.P, g, k));
  return [
    ...set(L.X, wordAt(L.P, g, k)),
    ...simd(SIMD.i32x4Splat, wordAt(L.Q, g, k)),
    ...get(L.X),
    OP.simd,
    ...uleb(SIMD.i32x4ReplaceLane),
    0,
    ...get(L.X),
    OP.simd,
    ...uleb(SIMD.i32x4ReplaceLane),
    1,
  ];
};

const steps = (L: Locals): Code => {
  const code: Code = [];
  let roles: [number, number, number, number] = [L.A, L.B, L.C, L.D];
  for (let i = 0; i < 64; i++) {
    const round = i >> 4;
    const [a, b, c, d] = roles;
    const shift = SHIFTS[round]?.[i % 4] ?? 0;
    // M[g] + K[i] + a does not wait on the step before; only f and what follows do.
    const words = laneWords(L, messageIndex(round, i), K[i] ?? 0);
    code.push(...set(L.T, add(add(get(a), words), roundFunction(round, b, c, d))));
    const rotated = simd(
      SIMD.v128Or,
      simd(SIMD.i32x4Shl, get(L.T), i32(shift)),
      simd(SIMD.i32x4ShrU, get(L.T), i32(32 - shift)),
    );
    code.push(...set(a, add(get(b), rotated)));
    roles = [d, a, b, c];
  }
  return code;
};

const body = (inputs: 1 | 2): Code => {
  const L = localsOf(inputs);
  const { A, B, C, D, AA, BB, CC, DD, N, P, Q } = L;
  const code: Code = [
    ...set(A, stateAt(SIMD.v128Load, 0)),
    ...set(B, stateAt(SIMD.v128Load, 16)),
    ...set(C, stateAt(SIMD.v128Load, 32)),
    ...set(D, stateAt(SIMD.v128Load, 48)),
    OP.block,
    EMPTY_BLOCK,
    OP.loop,
    EMPTY_BLOCK,
    ...get(N),
    OP.i32Eqz,
    OP.brIf,
    1,
    ...set(AA, get(A)),
    ...set(BB, get(B)),
    ...set(CC, get(C)),
    ...set(DD, get(D)),
    ...steps(L),
    ...set(A, add(get(A), get(AA))),
    ...set(B, add(get(B), get(BB))),
    ...set(C, add(get(C), get(CC))),
    ...set(D, add(get(D), get(DD))),
    ...set(P, [...get(P), ...i32(64), OP.i32Add]),
    ...(Q === undefined ? [] : set(Q, [...get(Q), ...i32(64), OP.i32Add])),
    ...set(N, [...get(N), ...i32(1), OP.i32Sub]),
    OP.br,
    0,
    OP.end,
    OP.end,
    ...stateAt(SIMD.v128Store, 0, get(A)),
    ...stateAt(SIMD.v128Store, 16, get(B)),
    ...stateAt(SIMD.v128Store, 32, get(C)),
    ...stateAt(SIMD.v128Store, 48, get(D)),
    OP.end,
  ];
  const locals = vec(
    inputs === 2
      ? [
          [9, V128],
          [1, I32],
        ]
      : [[9, V128]],
  );
  return [...uleb(locals.length + code.length), ...locals, ...code];
};

/** The module's bytes. */
export const md5PairBytes = (): Uint8Array => {
  const pages = Math.ceil((MD5_PAIR_INPUT + 2 * MD5_PAIR_CHUNK) / 65536);
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(
      1,
      vec([
        [0x60, ...vec([[I32], [I32]]), ...vec([])],
        [0x60, ...vec([[I32], [I32], [I32]]), ...vec([])],
      ]),
    ),
    ...section(3, vec([[0], [1]])),
    ...section(5, vec([[0x00, ...uleb(pages)]])),
    ...section(
      7,
      vec([
        [...name('memory'), 0x02, 0],
        [...name('blocks'), 0x00, 0],
        [...name('blocks2'), 0x00, 1],
      ]),
    ),
    ...section(10, vec([body(1), body(2)])),
  ]);
};

let compiled: WebAssembly.Module | null | undefined;

/**
 * The module, compiled once; `null` where this runtime has no WebAssembly SIMD (the caller then
 * takes two MD5s from node:crypto).
 */
export const md5PairModule = (): WebAssembly.Module | null => {
  if (compiled !== undefined) return compiled;
  const bytes = md5PairBytes();
  compiled =
    typeof WebAssembly === 'object' && WebAssembly.validate(bytes)
      ? new WebAssembly.Module(bytes)
      : null;
  return compiled;
};
