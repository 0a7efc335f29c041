import type { FieldTimestamp } from './FieldTimestamp';
import { parseIsoTimestamp } from './FieldTimestamp';

/** What Depot reads from a GUANO chunk; `fields` keeps every key as written, unknown ones too. */
export type GuanoMetadata = {
  readonly fields: Readonly<Record<string, string>>;
  readonly version?: string;
  readonly timestamp?: FieldTimestamp;
  readonly make?: string;
  readonly model?: string;
  readonly serial?: string;
  readonly position?: { readonly lat: number; readonly lon: number };
  readonly sampleRate?: number;
  /** Time-expansion factor (1 when absent: direct recording). */
  readonly te?: number;
  readonly lengthSec?: number;
};

const number = (text: string | undefined): number | undefined => {
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
};

const text = (value: string | undefined): string | undefined =>
  value === undefined || value === '' ? undefined : value;

/**
 * Parses a GUANO chunk body (spec: riggsd/guano-py doc/guano_specification.md): UTF-8 lines of
 * `key: value` split at the first colon, surrounding whitespace and NUL padding trimmed, literal
 * `\n` meaning a newline. A repeated key keeps its first value (the spec forbids repeats).
 */
export const parseGuano = (body: Uint8Array): GuanoMetadata => {
  const decoded = new TextDecoder('utf-8').decode(body);
  const fields: Record<string, string> = {};
  for (const line of decoded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    // eslint-disable-next-line no-control-regex -- the spec counts NUL among the whitespace to trim
    const trim = (s: string): string => s.replace(/^[\s\u0000]+|[\s\u0000]+$/g, '');
    const key = trim(line.slice(0, colon));
    if (key === '' || key in fields) continue;
    fields[key] = trim(line.slice(colon + 1)).replace(/\\n/g, '\n');
  }
  const stamp =
    fields['Timestamp'] !== undefined ? parseIsoTimestamp(fields['Timestamp']) : undefined;
  const pos = fields['Loc Position']?.split(/[\s,]+/).map(Number);
  const [lat, lon] = pos ?? [];
  const position =
    pos?.length === 2 &&
    lat !== undefined &&
    lon !== undefined &&
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180
      ? { lat, lon }
      : undefined;
  return {
    fields,
    version: text(fields['GUANO|Version']),
    timestamp: stamp && { ...stamp, source: 'guano' },
    make: text(fields['Make']),
    model: text(fields['Model']),
    serial: text(fields['Serial']),
    position,
    sampleRate: number(fields['Samplerate']),
    te: number(fields['TE']),
    lengthSec: number(fields['Length']),
  };
};
