/**
 * The lowest bandwidth cap Depot accepts, in bytes per second (issue 12: `--bwlimit 1` let 256 KiB
 * go at once). Bytes now leave in slices of an eighth of a second of the rate, at least 16 KiB
 * (TokenBucket, issue 30), which a cap of 128 KiB/s could still hold; the floor stays where it
 * was: at it a card of 30 GB already takes 34 hours, and every setting saved above it stays valid.
 */
export const MIN_BWLIMIT_BYTES_PER_SEC = 256 * 1024;
