import type { UseQueryResult } from '@tanstack/react-query';
import type { ServiceListResponse } from '@shared/api/admin.js';
import { SERVICE_TYPES } from '@shared/constants.js';
import { CATALOGUE_MSG } from '@shared/messages.js';
import { Spinner, Switch, notify } from '@/ui/index.js';
import { useUpdateService } from '../api/update-service.js';
import { SERVICE_ROWS, serviceStatusOf } from '../lib/settings.js';

/** Service locks: a locked service refuses purchases before any money moves. */
export function ServiceLocksCard({ query }: { query: UseQueryResult<ServiceListResponse> }) {
  const update = useUpdateService();
  const services = query.data?.services;
  return (
    <div className="card" data-testid="services-card">
      <h2 className="card-title">Services</h2>
      <p className="muted">Switch a service off to stop its sales at once, for example while a network has trouble.</p>
      {!services ? (
        <Spinner label="Loading services…" />
      ) : (
        <div className="table-wrap">
          <table className="table table-compact">
            <thead>
              <tr>
                <th>Service</th>
                {SERVICE_TYPES.map((type) => (
                  <th key={type}>{type === 'airtime' ? 'Airtime' : 'Data'}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {SERVICE_ROWS.map((row) => (
                <tr key={row.name}>
                  <th scope="row">{row.name}</th>
                  {SERVICE_TYPES.map((type) => {
                    if (!row.types.includes(type)) return <td key={type} className="muted" aria-label="not applicable">—</td>;
                    const available = serviceStatusOf(services, type, row.name) === 'available';
                    return (
                      <td key={type}>
                        <Switch
                          label={available ? 'On' : 'Locked'}
                          aria-label={`${row.name} ${type}`}
                          checked={available}
                          disabled={update.isPending}
                          data-testid={`service-${type}-${row.name}`}
                          onChange={(event) => {
                            const serviceStatus = event.target.checked ? 'available' : 'locked';
                            update.mutate(
                              { serviceName: row.name, serviceType: type, serviceStatus },
                              {
                                onSuccess: (answer) => notify.success(answer?.msg ?? CATALOGUE_MSG.serviceUpdated),
                                // A failed service update is only logged (spec §8); the switch keeps showing the stored state.
                                onError: (error) => console.error('service update failed', error),
                              },
                            );
                          }}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
