import type { UnitActivity } from '../../shared/domain/UnitState';
import type { UnitRecord } from '../store/UnitRecord';

/** A unit as the interface lists it: the persisted record plus what is happening to it now. */
export type UnitView = UnitRecord & { readonly activity: UnitActivity };
