/** One column heading: its text, or its text with a class ("num" for amounts); a hidden one is read by screen readers only. */
export type Heading = string | { label: string; className?: string; hidden?: boolean } | null | false;

/** A heading aligned as an amount. */
export const num = (label: string): Heading => ({ label, className: 'num' });
/** A heading only screen readers read (an actions or details column). */
export const unseen = (label: string): Heading => ({ label, hidden: true });

/** A table's one row of headings; a null or false heading (a column the viewer does not get) is left out. */
export function TableHead({ headings }: { headings: readonly Heading[] }) {
  return (
    <thead>
      <tr>
        {headings.map((heading) =>
          !heading ? null : typeof heading === 'string' ? (
            <th key={heading}>{heading}</th>
          ) : (
            <th key={heading.label} className={heading.className}>
              {heading.hidden ? <span className="sr-only">{heading.label}</span> : heading.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
