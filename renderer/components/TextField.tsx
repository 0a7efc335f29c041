import type { InputHTMLAttributes, ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'className'>;

/**
 * A labelled input, as every form here draws one: the label's words, the input (any of its
 * attributes), then what is said under it (`children`: a hint, a problem).
 */
export const TextField = ({
  label,
  value,
  onValue,
  labelClass,
  children,
  ...input
}: InputProps & {
  readonly label: ReactNode;
  readonly value: string | number;
  readonly onValue: (value: string) => void;
  readonly labelClass?: string;
  readonly children?: ReactNode;
}) => (
  <label className={labelClass}>
    {label}
    <input {...input} value={value} onChange={(e) => onValue(e.target.value)} />
    {children}
  </label>
);
