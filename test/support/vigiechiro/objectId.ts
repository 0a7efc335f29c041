import { randomBytes } from 'node:crypto';

let counter = randomBytes(3).readUIntBE(0, 3);
const processPart = randomBytes(5).toString('hex');

/** A MongoDB ObjectId as the portal's JSON shows it: 24 hex digits, seconds first. */
export const newObjectId = (nowMs: number): string => {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(nowMs / 1000)
    .toString(16)
    .padStart(8, '0');
  return `${seconds}${processPart}${counter.toString(16).padStart(6, '0')}`;
};

/** Whether `bson.ObjectId(value)` would accept it (the routes' `<objectid:...>` converter). */
export const isObjectId = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-fA-F]{24}$/.test(value);
