import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Twelve recordings from real recorders (BATLOGGER S2, AudioMoth, Echo Meter Touch 2, three
 * unknown) beside the checkout, in the workplace's shared fixtures: read there and never copied
 * into the repository (CC BY-NC 4.0, see their README). Tests may copy them to a temporary folder.
 */
export const realRecordingsDir = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'shared',
  'fixtures',
  'real-recordings',
);

/** Why the tests on real recordings are skipped, put in their title; undefined when they run. */
export const realRecordingsAbsent: string | undefined = existsSync(
  join(realRecordingsDir, 'Echometer.wav'),
)
  ? undefined
  : `skipped: the real recordings are not at ${realRecordingsDir}`;

/** A suite's title, saying why it is skipped when the recordings are absent. */
export const realRecordingsTitle = (title: string): string =>
  realRecordingsAbsent === undefined ? title : `${title} (${realRecordingsAbsent})`;

/**
 * What the Echo Meter Touch 2's night (2022-08-15, one file) says of itself in its GUANO, read
 * with a separate RIFF dump: its recorder, its place, its rate, and its own offset (+0100).
 */
export const echoMeterNight = {
  night: '2022-08-15',
  make: 'Wildlife Acoustics',
  model: 'Echo Meter Touch 2 Standard Android',
  serials: [],
  position: { lat: 50.7179417, lon: -1.7611083 },
  sampleRates: [256_000],
  totalFiles: 1,
  timeZone: { zone: 'UTC+01:00', source: 'file-offset' },
} as const;
