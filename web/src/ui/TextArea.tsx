import { useId, type Ref, type TextareaHTMLAttributes } from 'react';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line field, labelled like Input. */
export function TextArea({ label, id, className, ref, ...rest }: TextAreaProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <textarea ref={ref} id={inputId} rows={5} {...rest} />
    </div>
  );
}
