import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MSG } from '@shared/messages.js';
import { notify } from '@/ui/notify.js';
import { firstErrorMessage } from './forms.js';

/**
 * A paged listing's filter form: the filters last searched for (none at first) and the page. A search
 * applies the form's parsed values and goes back to page 1; an invalid field is a toast.
 */
export function useSearchFilters<Input extends FieldValues, Filters extends FieldValues>(
  schema: z.ZodType<Filters, z.ZodTypeDef, Input>,
  empty: DefaultValues<Input>,
) {
  const [filters, setFilters] = useState<Partial<Filters>>({});
  const [page, setPage] = useState(1);
  const form = useForm<Input, unknown, Filters>({ resolver: zodResolver(schema), defaultValues: empty });

  const onSearch = form.handleSubmit(
    (values) => {
      setFilters(values);
      setPage(1);
    },
    (errors) => notify.error(firstErrorMessage(errors, []) ?? MSG.badRequest),
  );

  return { form, filters, page, setPage, onSearch };
}
