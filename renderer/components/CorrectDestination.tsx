import type { PlanView } from '../../shared/ipc/views';
import { CorrectionInputs } from '../correction/CorrectionInputs';
import { CorrectionPreviewText } from '../correction/CorrectionPreviewText';
import { useCorrectionPreview } from '../correction/useCorrectionPreview';
import { correctionValues, useTypedCorrection } from '../correction/useTypedCorrection';
import { destinationOf } from '../format/destinationOf';
import { useT } from '../i18n/useT';
import type { CorrectionValues } from '../store/useDepotStore';
import { useDepotStore } from '../store/useDepotStore';
import { ConfirmDialog } from './ConfirmDialog';
import { useBackendCall } from '../api/useBackendCall';

/**
 * "Corriger la destination" (issue 31): the night's values as typed (site and point, or its
 * programme's fields), where it would go, and what it wrote where it is now, which is taken back
 * (only its own objects, each checked) before it goes on there. Confirmed before anything moves.
 * Its parts are in `renderer/correction/`.
 */
export const CorrectDestination = ({
  plan,
  initial,
  onClose,
}: {
  readonly plan: PlanView;
  readonly initial: CorrectionValues | null;
  readonly onClose: (said: string | null) => void;
}) => {
  const t = useT();
  const api = useDepotStore((s) => s.api);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const typed = useTypedCorrection(plan, initial);
  const { busy, problem, setProblem, call } = useBackendCall();
  const preview = useCorrectionPreview(plan, typed, setProblem);

  const confirm = async (): Promise<void> => {
    if (api === undefined) return;
    const result = await call(() =>
      api.plans.correct({ planId: plan.id, ...correctionValues(typed) }),
    );
    if (!result.ok) return;
    await refresh();
    onClose(
      t('correct.done', {
        to: destinationOf(result.value.plan),
        count: result.value.toRemove,
      }),
    );
  };

  return (
    <ConfirmDialog
      name="correct"
      title={t('correct.title')}
      problem={problem}
      confirm={{
        label:
          preview !== null && preview.from.objects > 0
            ? t('correct.confirmRemove', { count: preview.from.objects })
            : t('correct.confirm'),
        className: 'primary',
        action: 'correct-confirm',
        disabled: busy || preview === null || preview.same,
        onClick: () => void confirm(),
      }}
      onCancel={() => onClose(null)}
    >
      <p className="quiet">{t('correct.hint')}</p>
      <CorrectionInputs typed={typed} />
      {preview !== null && <CorrectionPreviewText preview={preview} />}
    </ConfirmDialog>
  );
};
