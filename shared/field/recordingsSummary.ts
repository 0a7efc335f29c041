import { mostFrequent } from './mostFrequent';
import { recorderLabel } from './recorderLabel';
import type { PreflightFile, PreflightMetadata } from './PreflightReport';

export type RecordingsSummary = Omit<PreflightMetadata, 'site' | 'point'>;

/**
 * The recorders, rates and length of some files of a pre-flight: the whole folder's, or one
 * night's when a folder holds several (a night's manifest and `{serial}` describe that night's
 * recorder, not the folder's most frequent one). Files in path order, as the report lists them.
 */
export const recordingsSummary = (files: readonly PreflightFile[]): RecordingsSummary => {
  const [make] = mostFrequent(files.flatMap((f) => (f.make === undefined ? [] : [f.make])));
  const [model] = mostFrequent(files.flatMap((f) => (f.model === undefined ? [] : [f.model])));
  const serials = mostFrequent(files.flatMap((f) => (f.serial === undefined ? [] : [f.serial])));
  // One recorder is one serial, or one make and model where the files give no serial (an Echo
  // Meter writes `Serial: ` empty): named as the interface names it, most frequent first.
  const identities = new Map<string, string>();
  const seen: string[] = [];
  for (const f of files) {
    const label = recorderLabel(f);
    if (label === null) continue;
    const identity = f.serial ?? `${f.make ?? ''}\u0000${f.model ?? ''}`;
    if (!identities.has(identity)) identities.set(identity, label);
    seen.push(identity);
  }
  const recorders = mostFrequent(seen).map((identity) => identities.get(identity) ?? identity);
  const position = files.find((f) => f.position !== undefined)?.position;
  const sampleRates = new Set(
    files.flatMap((f) => (f.sampleRate === undefined ? [] : [f.sampleRate])),
  );
  const seconds = files.reduce((sum, f) => sum + (f.durationSec ?? 0), 0);
  return {
    ...(make !== undefined ? { make } : {}),
    ...(model !== undefined ? { model } : {}),
    ...(serials[0] !== undefined ? { serial: serials[0] } : {}),
    serials,
    recorders,
    ...(position ? { position } : {}),
    sampleRates: [...sampleRates].sort((a, b) => a - b),
    totalDurationSec: Math.round(seconds * 1000) / 1000,
  };
};
