import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './Button.js';

/** A listing's filters: the fields given, then "Search" to apply them. */
export function SearchForm({ onSubmit, children }: { onSubmit: FormEventHandler<HTMLFormElement>; children: ReactNode }) {
  return (
    <search>
      <form className="card filters" onSubmit={onSubmit} noValidate>
        {children}
        <div className="filters-actions">
          <Button type="submit">Search</Button>
        </div>
      </form>
    </search>
  );
}
