// One variant of the fleet in its own process (runFleetPart runs several at once):
// `fleetWorker.ts <settings.json> <variant> <out.json>`, the FleetRun written to out.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { fleetVariants } from './fleetVariants';
import { simulateFleet, type FleetSettings } from './simulateFleet';

const [settingsFile, name, outFile] = process.argv.slice(2);
if (settingsFile === undefined || outFile === undefined)
  throw new Error('usage: fleetWorker.ts <settings.json> <variant> <out.json>');
const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as FleetSettings;
const variant = fleetVariants.find((v) => v.name === name);
if (variant === undefined) throw new Error(`no fleet variant "${name}"`);
const run = await simulateFleet(settings, variant);
writeFileSync(outFile, JSON.stringify(run));
