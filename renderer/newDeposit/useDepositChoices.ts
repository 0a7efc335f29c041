import { useState } from 'react';
import type { SourceChangeView } from '../../shared/ipc/views';
import type { NightContradiction } from '../../shared/field/nightContradiction';

export type NightsMode = 'each' | 'one';

export type DepositChoices = {
  /** One card, one deposit: a second copy only when the volunteer says so (issue 31). */
  readonly copy: boolean;
  readonly setCopy: (copy: boolean) => void;
  /** The typed night contradicts the recordings' own dates: asked before depositing. */
  readonly contradiction: NightContradiction | null;
  readonly setContradiction: (contradiction: NightContradiction | null) => void;
  readonly skipInvalid: boolean;
  readonly setSkipInvalid: (skip: boolean) => void;
  /** A folder of several nights: each under its own date (one plan each), or one of them. */
  readonly nightsMode: NightsMode;
  readonly setNightsMode: (mode: NightsMode) => void;
  /** The folder changed since it was planned: what changed, before "Déposer les changements". */
  readonly changes: readonly SourceChangeView[] | null;
  readonly setChanges: (changes: readonly SourceChangeView[] | null) => void;
  /** A programme's portal (ADR 0032): the participation the night goes into. */
  readonly participation: string | null;
  readonly setParticipation: (id: string | null) => void;
  /** A new analysis asks every question again. */
  readonly afterAnalysis: (portal: boolean) => void;
};

/** What the volunteer decides about depositing the card analysed, beside the night's fields. */
export const useDepositChoices = (): DepositChoices => {
  const [copy, setCopy] = useState(false);
  const [contradiction, setContradiction] = useState<NightContradiction | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [nightsMode, setNightsMode] = useState<NightsMode>('each');
  const [changes, setChanges] = useState<readonly SourceChangeView[] | null>(null);
  const [participation, setParticipation] = useState<string | null>(null);
  return {
    copy,
    setCopy,
    contradiction,
    setContradiction,
    skipInvalid,
    setSkipInvalid,
    nightsMode,
    setNightsMode,
    changes,
    setChanges,
    participation,
    setParticipation,
    afterAnalysis: (portal) => {
      setChanges(null);
      setCopy(false);
      setContradiction(null);
      // A participation is one night: a portal's folder of several is deposited a night at a time.
      setNightsMode(portal ? 'one' : 'each');
    },
  };
};
