import type { PlanState } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';

// A symbol with every colour, so the state never depends on colour alone.
const symbols: Readonly<Record<PlanState, string>> = {
  planned: '○',
  running: '▶',
  paused: '⏸',
  'waiting-network': '⌁',
  deferred: '◷',
  done: '✓',
  'needs-attention': '!',
  stopped: '■',
};

export const PlanStateBadge = ({ state }: { readonly state: PlanState }) => {
  const t = useT();
  return (
    <span className={`badge badge-${state}`} data-state={state}>
      <span aria-hidden="true">{symbols[state]}</span> {t(`state.${state}`)}
    </span>
  );
};
