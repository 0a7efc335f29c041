type Props = { readonly value: number; readonly max: number; readonly label: string };

/** A native progress element: screen readers announce it, the label says the figure in words. */
export const ProgressBar = ({ value, max, label }: Props) => (
  <progress
    className="progress"
    value={Math.min(value, max)}
    max={Math.max(max, 1)}
    aria-label={label}
  >
    {label}
  </progress>
);
