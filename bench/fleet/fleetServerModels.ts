/**
 * The programme's server as the fleet bench models it (ADR 0015, ADR 0019):
 * - `queue` (issue 16's server, the default): one queue served at capacity, SlowDown only past
 *   10 s of queue, so a herd is queued, not refused.
 * - `slowdown`: the same, refusing with 503 SlowDown once 1 s of work waits, as S3 does when a
 *   prefix's request rate rises too fast and as radosgw does past `rgw_max_concurrent_requests`.
 *   Without Retry-After: neither documents one on SlowDown, and the installed radosgw (16.2.15,
 *   its throttler lowered to 2 requests) answered 503 SlowDown with no Retry-After header.
 */
export type FleetServerModel = 'queue' | 'slowdown';

export const fleetServerModels: readonly FleetServerModel[] = ['queue', 'slowdown'];

/** Seconds of work the server queues before it refuses with SlowDown. */
export const queueBoundS: Readonly<Record<FleetServerModel, number>> = { queue: 10, slowdown: 1 };

export const isFleetServerModel = (name: string): name is FleetServerModel =>
  (fleetServerModels as readonly string[]).includes(name);
