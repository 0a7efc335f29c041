/**
 * The lowest bandwidth cap Depot accepts, in bytes per second. The engine reads sources 256 KiB
 * at a time (electron/engine/readPart.ts) and its bucket holds at least one read: below one read
 * per second a cap could only be kept by letting a burst larger than a second of the rate through
 * (issue 12: `--bwlimit 1` let 256 KiB go at once). So a lower cap is refused with this minimum.
 */
export const MIN_BWLIMIT_BYTES_PER_SEC = 256 * 1024;
