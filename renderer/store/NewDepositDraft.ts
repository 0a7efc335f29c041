/** What the volunteer typed on "Nouveau dépôt", kept while they look elsewhere (issue 31). */
export type NewDepositDraft = {
  readonly dir: string;
  readonly site: string;
  readonly point: string;
  readonly night: string;
  readonly fields: Readonly<Record<string, string>> | null;
};

export const emptyDraft: NewDepositDraft = {
  dir: '',
  site: '',
  point: '',
  night: '',
  fields: null,
};
