import type { PlanView } from '../../shared/ipc/views';
import { destinationOf } from '../format/destinationOf';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';
import { ConfirmDialog } from './ConfirmDialog';
import { useAsked } from '../api/useAsked';
import { useBackendCall } from '../api/useBackendCall';

/**
 * "Retirer ce dépôt du serveur" (issue 31), confirmed with the count and the place: only the
 * objects this night wrote (each still holding its bytes), its manifest and uploads; then this
 * Depot forgets the night. The card is not touched.
 */
export const RemoveFromServer = ({
  plan,
  onClose,
}: {
  readonly plan: PlanView;
  readonly onClose: () => void;
}) => {
  const t = useT();
  const api = useDepotStore((s) => s.api);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const { busy, problem, setProblem, call } = useBackendCall();
  const [own] = useAsked(plan.id, (api) => api.plans.ownObjects({ planId: plan.id }), setProblem);

  const confirm = async (): Promise<void> => {
    if (api === undefined) return;
    const result = await call(() => api.plans.removeFromServer({ planId: plan.id }));
    if (!result.ok) return;
    await refresh();
    onClose();
  };

  return (
    <ConfirmDialog
      name="remove"
      title={t('remove.title')}
      problem={problem}
      confirm={{
        label: t('remove.yes', { count: own?.objects ?? 0 }),
        className: 'danger',
        action: 'remove-confirm',
        disabled: busy || own === null,
        onClick: () => void confirm(),
      }}
      onCancel={onClose}
    >
      {own !== null && (
        <p className="warning" data-testid="remove-confirm-text">
          {own.objects > 0
            ? t('remove.confirm', { count: own.objects, place: destinationOf(own.place) })
            : t('remove.nothing', { place: destinationOf(own.place) })}
        </p>
      )}
    </ConfirmDialog>
  );
};
