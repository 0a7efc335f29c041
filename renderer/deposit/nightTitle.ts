import type { PlanView } from '../../shared/ipc/views';
import { portalName } from '../format/portalName';
import type { MessageKey } from '../i18n/fr';
import type { Params, Translate } from '../i18n/translate';

/** What the screen's title says of a night: depositing, finished, or where it stands. */
const titleOf = (plan: PlanView): MessageKey => {
  // A file kept out by the volunteer's choice (a conflict settled): never "Tout est sur le serveur".
  if (plan.state === 'done' && plan.unitsLeftOut > 0) return 'done.titleLeftOut';
  if (plan.state === 'done') return plan.portal === null ? 'done.title' : 'done.titlePortal';
  if (plan.state === 'removing') return 'current.titleRemoving';
  return plan.running ? 'current.title' : 'current.titleStopped';
};

/** A portal night's end names the portal, not "the server"; a night with files left out, its count. */
const titleParams = (plan: PlanView): Params => ({
  done: plan.unitsDone,
  total: plan.unitsTotal,
  ...(plan.portal === null ? {} : { portal: portalName(plan.portal.kind) }),
});

/** The night's title on its screen and at its end. */
export const nightTitle = (plan: PlanView, t: Translate): string =>
  t(titleOf(plan), titleParams(plan));
