import type { UseQueryResult } from '@tanstack/react-query';
import type { ServiceListResponse } from '@shared/api/admin.js';
import { SERVICE_TYPES } from '@shared/constants.js';
import { CATALOGUE_MSG } from '@shared/messages.js';
import { Spinner, Switch, TableHead, notify } from '@/ui/index.js';
import { useUpdateService } from '../api/update-service.js';
import { SERVICE_ROWS, serviceStatusOf } from '../lib/settings.js';

type ServiceType = (typeof SERVICE_TYPES)[number];

/** One network's service on or locked; the switch shows the stored state, so it turns once the server has answered. */
function ServiceSwitch({
  name,
  type,
  available,
  update,
}: {
  name: string;
  type: ServiceType;
  available: boolean;
  update: ReturnType<typeof useUpdateService>;
}) {
  return (
    <Switch
      label={available ? 'On' : 'Locked'}
      aria-label={`${name} ${type}`}
      checked={available}
      disabled={update.isPending}
      data-testid={`service-${type}-${name}`}
      onChange={(event) =>
        update.mutate(
          { serviceName: name, serviceType: type, serviceStatus: event.target.checked ? 'available' : 'locked' },
          {
            onSuccess: (answer) => notify.success(answer?.msg ?? CATALOGUE_MSG.serviceUpdated),
            // A failed service update is only logged; the switch keeps showing the stored state.
            onError: (error) => console.error('service update failed', error),
          },
        )
      }
    />
  );
}

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
            <TableHead headings={['Service', ...SERVICE_TYPES.map((type) => (type === 'airtime' ? 'Airtime' : 'Data'))]} />
            <tbody>
              {SERVICE_ROWS.map((row) => (
                <tr key={row.name}>
                  <th scope="row">{row.name}</th>
                  {SERVICE_TYPES.map((type) => {
                    if (!row.types.includes(type))
                      return (
                        <td key={type} className="muted" aria-label="not applicable">
                          —
                        </td>
                      );
                    return (
                      <td key={type}>
                        <ServiceSwitch name={row.name} type={type} available={serviceStatusOf(services, type, row.name) === 'available'} update={update} />
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
