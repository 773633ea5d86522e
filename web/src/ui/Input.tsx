import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement>, FieldProps {
  ref?: Ref<HTMLInputElement>;
  trailing?: ReactNode;
}

export function Input({ label, error, hint, trailing, id, className, ref, ...rest }: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className={`field ${error ? 'field-invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <div className="field-control">
        <input ref={ref} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
        {trailing}
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="field-error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** "Phone number": a Nigerian number typed on the numeric keypad (autofill and length are the caller's). */
export function PhoneInput(props: Omit<InputProps, 'label' | 'type'>) {
  return <Input label="Phone number" type="tel" inputMode="numeric" placeholder="08012345678" {...props} />;
}

/** A password input with a show/hide toggle. */
export function PasswordInput(props: Omit<InputProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field-toggle"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldProps {
  ref?: Ref<HTMLSelectElement>;
  options: ReadonlyArray<{ value: string | number; label: string }>;
}

export function Select({ label, error, hint, options, id, className, ref, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={`field ${error ? 'field-invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={selectId}>{label}</label>
      <div className="field-control">
        <select ref={ref} id={selectId} aria-invalid={error ? true : undefined} {...rest}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {error ? <p className="field-error">{error}</p> : hint ? <p className="field-hint">{hint}</p> : null}
    </div>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>;
  label: string;
}

export function Checkbox({ label, ref, className, ...rest }: CheckboxProps) {
  return (
    <label className={`checkbox ${className ?? ''}`}>
      <input ref={ref} type="checkbox" {...rest} />
      <span>{label}</span>
    </label>
  );
}

/** An on/off switch (a checkbox with the switch role). */
export function Switch({ label, ref, className, ...rest }: CheckboxProps) {
  return (
    <label className={`switch ${className ?? ''}`}>
      {/* biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its on/off state itself (checked); ARIA in HTML says not to add aria-checked to it. */}
      <input ref={ref} type="checkbox" role="switch" {...rest} />
      <span className="switch-track" aria-hidden="true" />
      <span className="switch-label">{label}</span>
    </label>
  );
}
