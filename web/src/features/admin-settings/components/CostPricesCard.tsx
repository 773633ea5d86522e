import { zodResolver } from '@hookform/resolvers/zod';
import type { UseQueryResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { CostPriceListResponse, CostPriceView } from '@shared/api/catalogue.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { showNaira } from '@/lib/money.js';
import { Button, Spinner, notify } from '@/ui/index.js';
import { useSetCostPrice } from '../api/set-cost-price.js';
import { costPriceBody, costPriceForm, type CostPriceFormValues } from '../lib/settings.js';

function CostPriceRow({ cost }: { cost: CostPriceView }) {
  const save = useSetCostPrice();
  const { register, handleSubmit, reset } = useForm({ resolver: zodResolver(costPriceForm), defaultValues: { costPrice: '' } });
  const inputId = `cost-${cost.network}`;
  const onSubmit = handleSubmit(
    ({ costPrice }) =>
      save.mutate(costPriceBody(cost.network, costPrice), {
        onSuccess: (answer) => {
          notify.success(
            `${answer?.msg ?? CATALOGUE_MSG.costPriceUpdated}${typeof answer?.plansUpdated === 'number' ? ` (${answer.plansUpdated} plans)` : ''}`,
          );
          reset({ costPrice: '' });
        },
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      }),
    warnFirstError<CostPriceFormValues>(['costPrice']),
  );
  return (
    <li>
      <form className="settings-row" onSubmit={onSubmit} noValidate data-testid={`cost-price-${cost.network}`}>
        <label className="settings-label" htmlFor={inputId}>
          {cost.network}
          <span className="muted settings-sub">{cost.costPrice ? `${showNaira(cost.costPrice)} per GB` : 'not set'}</span>
        </label>
        <input
          id={inputId}
          className="input-compact"
          inputMode="decimal"
          placeholder="₦ per GB"
          aria-label={`New cost price for ${cost.network}`}
          {...register('costPrice')}
        />
        <Button type="submit" variant="secondary" className="btn-sm" loading={save.isPending}>
          Save
        </Button>
      </form>
    </li>
  );
}

/** What each product costs us per GB; a plan's cost (and so the profit) follows its volume. */
export function CostPricesCard({ query }: { query: UseQueryResult<CostPriceListResponse> }) {
  return (
    <div className="card" data-testid="cost-prices-card">
      <h2 className="card-title">Cost price</h2>
      <p className="muted">Naira per GB. Saving re-costs every plan of the type.</p>
      {!query.data ? (
        <Spinner label="Loading cost prices…" />
      ) : (
        <ul className="settings-list">
          {query.data.costPrices.map((cost) => (
            <CostPriceRow key={cost.network} cost={cost} />
          ))}
        </ul>
      )}
    </div>
  );
}
