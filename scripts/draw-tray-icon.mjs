// Draws Depot's tray icon (renderer/public/tray-icon.png, copied into dist/renderer by vite):
// a white arrow into a tray on a dark green disc, 32x32 RGBA, antialiased by 4x4 supersampling.
// Run once and commit the PNG: `node scripts/draw-tray-icon.mjs`.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 32;
const SUB = 4;
const GREEN = [0x1d, 0x6b, 0x3a];
const WHITE = [0xff, 0xff, 0xff];

// Shapes in a 0..32 coordinate space; the last shape that covers a point wins.
const inDisc = (x, y) => (x - 16) ** 2 + (y - 16) ** 2 <= 15.5 ** 2;
const inShaft = (x, y) => x >= 14 && x <= 18 && y >= 5 && y <= 16;
const inHead = (x, y) => y >= 13 && y <= 20 && Math.abs(x - 16) <= 20 - y + 0.5;
const inTray = (x, y) =>
  (y >= 22 && y <= 25 && x >= 7 && x <= 25) ||
  (y >= 17 && y <= 25 && ((x >= 7 && x <= 10) || (x >= 22 && x <= 25)));

const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let py = 0; py < SIZE; py++) {
  raw[py * (SIZE * 4 + 1)] = 0; // filter: none
  for (let px = 0; px < SIZE; px++) {
    let r = 0,
      g = 0,
      b = 0,
      a = 0;
    for (let sy = 0; sy < SUB; sy++) {
      for (let sx = 0; sx < SUB; sx++) {
        const x = px + (sx + 0.5) / SUB;
        const y = py + (sy + 0.5) / SUB;
        if (!inDisc(x, y)) continue;
        const c = inShaft(x, y) || inHead(x, y) || inTray(x, y) ? WHITE : GREEN;
        r += c[0];
        g += c[1];
        b += c[2];
        a += 1;
      }
    }
    const o = py * (SIZE * 4 + 1) + 1 + px * 4;
    const n = SUB * SUB;
    raw[o] = a ? Math.round(r / a) : 0;
    raw[o + 1] = a ? Math.round(g / a) : 0;
    raw[o + 2] = a ? Math.round(b / a) : 0;
    raw[o + 3] = Math.round((255 * a) / n);
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw)),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('../renderer/public/tray-icon.png', import.meta.url), png);
process.stdout.write(`tray-icon.png: ${png.length} bytes\n`);
