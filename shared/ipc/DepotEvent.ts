import type { UnitActivity, UnitState } from '../domain/UnitState';
import type { PlanView } from './views';

/**
 * Pushed from the backend to every open interface. Events are hints that keep the screens live;
 * the methods remain the truth (a missed event is repaired by the next read).
 */
export type DepotEvent =
  | { readonly type: 'plan'; readonly plan: PlanView }
  | {
      readonly type: 'unit';
      readonly planId: string;
      readonly unitId: string;
      readonly state?: UnitState;
      readonly activity: UnitActivity;
      /** The state it left, when known: the night's counts follow the row without a read. */
      readonly was?: UnitState['kind'];
    }
  | { readonly type: 'network'; readonly online: boolean }
  /** Electron holds off (or lets go) system sleep while nights deposit. */
  | { readonly type: 'power'; readonly keepingAwake: boolean }
  | { readonly type: 'plans-changed' }
  /** Electron: the volunteer clicked a notification about this night; the interface opens it. */
  | { readonly type: 'open-night'; readonly planId: string };
