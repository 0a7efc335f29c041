import type { MessageKey } from '../i18n/fr';
import { useT } from '../i18n/useT';
import { FailureGroupView } from './FailureGroupView';
import type { FailureGroup } from './groupFailures';

/** One kind of failures (to retry, needing credentials, definitive), its groups by cause. */
export const FailureSection = ({
  title,
  groups,
  testId,
  planId,
  onSettled,
}: {
  readonly title: MessageKey;
  readonly groups: readonly FailureGroup[];
  readonly testId: string;
  readonly planId: string;
  readonly onSettled: (text: string) => void;
}) => {
  const t = useT();
  if (groups.length === 0) return null;
  return (
    <section data-testid={testId}>
      <h2>{t(title)}</h2>
      {groups.map((g) => (
        <FailureGroupView key={g.key} group={g} planId={planId} onSettled={onSettled} />
      ))}
    </section>
  );
};
