import type { UseQueryResult } from '@tanstack/react-query';
import type { SupplierListResponse } from '@shared/api/admin.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { NetworkLogo, Spinner, notify } from '@/ui/index.js';
import { useSetSupplier } from '../api/set-supplier.js';

/** The supplier each network's purchases go to first (failover goes to the next one). */
export function SuppliersCard({ query }: { query: UseQueryResult<SupplierListResponse> }) {
  const setSupplier = useSetSupplier();
  const data = query.data;
  return (
    <div className="card" data-testid="suppliers-card">
      <h2 className="card-title">Supplier per network</h2>
      <p className="muted">Purchases go to this supplier first; a definite failure there moves on to the next one.</p>
      {!data ? (
        <Spinner label="Loading suppliers…" />
      ) : (
        <ul className="settings-list">
          {data.suppliers.map((choice) => (
            <li key={choice.network} className="settings-row">
              <NetworkLogo network={choice.network} className="network-logo-sm" />
              <label className="settings-label" htmlFor={`supplier-${choice.network}`}>
                {choice.network}
              </label>
              <select
                id={`supplier-${choice.network}`}
                className="select-compact"
                value={choice.supplierName}
                disabled={setSupplier.isPending}
                onChange={(event) =>
                  setSupplier.mutate(
                    { network: choice.network, supplierName: event.target.value },
                    {
                      onSuccess: (answer) => notify.success(answer?.msg ?? CATALOGUE_MSG.supplierUpdated),
                      onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
                    },
                  )
                }
              >
                {data.supplierNames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
