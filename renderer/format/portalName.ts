import type { PlanView } from '../../shared/ipc/views';

/** A portal's own name, as its volunteers know it (a proper noun, the same in every language). */
export const portalName = (kind: NonNullable<PlanView['portal']>['kind']): string => {
  switch (kind) {
    case 'vigiechiro':
      return 'Vigie-Chiro';
  }
};
