/** Which setting a blocked night needs corrected: its address, its bucket, or its key. */
export type FixedSetting = 'endpoint' | 'bucket' | 'credentials';
