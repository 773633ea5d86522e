import { AUDIT_PAGE_BUTTONS, type AuditEntryView } from '@shared/api/audit.js';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { useSearchFilters } from '@/lib/use-search-filters.js';
import { Input, ListCard, Pagination, SearchForm, Select, TableHead } from '@/ui/index.js';
import { useAuditLog } from '../api/audit-log.js';
import { auditFiltersForm, auditQuery, changeOf, EMPTY_AUDIT_FILTERS, operationLabel, OPERATION_OPTIONS, outcomeOf, targetText } from '../lib/audit-filters.js';

const when = (iso: string) => new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'medium' });

/** The audit log (admins): every operator action with its outcome, by day, operator and action, newest first. */
export function AuditLogPage() {
  const { form, filters, page, setPage, onSearch } = useSearchFilters(auditFiltersForm, EMPTY_AUDIT_FILTERS);
  const log = useAuditLog(auditQuery(filters, page));
  const entries = log.data?.entries ?? [];

  return (
    <section className="page">
      <header className="page-header">
        <h1>Audit log</h1>
        <p className="muted" data-testid="audit-summary">
          {log.data ? `${log.data.totalEntries.toLocaleString('en-NG')} actions · ${log.data.day ? `on ${log.data.day}` : 'every day'}` : 'Operator actions'}
        </p>
      </header>

      <SearchForm onSubmit={onSearch}>
        <Input label="Day" type="date" hint="Blank: today, or every day of one operator" {...form.register('day')} />
        <Input label="Operator" type="search" autoComplete="off" placeholder="user name" {...form.register('actor')} />
        <Select label="Action" options={OPERATION_OPTIONS} {...form.register('operation')} />
      </SearchForm>

      <ListCard
        pending={log.isPending}
        error={log.isError ? errorMessage(log.error, MSG.somethingWentWrong) : null}
        empty={entries.length === 0}
        loadingLabel="Loading the audit log…"
        emptyText="No actions match these filters"
        emptyTestId="no-audit-entries"
      >
        <table className="table" data-testid="audit-table">
          <TableHead headings={['When', 'Operator', 'Action', 'Target', 'Outcome', 'Input']} />
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="audit-row" data-operation={entry.operation} data-status={entry.status}>
                <td className="nowrap">{when(entry.at)}</td>
                <td>
                  <strong>{entry.actorName}</strong>
                  <br />
                  <span className="muted">{entry.role}</span>
                </td>
                <td>{operationLabel(entry.operation)}</td>
                <td data-testid="audit-target">{targetText(entry.target)}</td>
                <td className="nowrap">
                  <span className={`badge badge-${outcomeOf(entry.status)}`}>{entry.status}</span>
                </td>
                <td>
                  <details>
                    <summary>Show</summary>
                    <code className="audit-summary">{JSON.stringify(entry.summary)}</code>
                    <AuditChange entry={entry} />
                    <p className="muted">Request {entry.requestId}</p>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListCard>

      <Pagination page={page} totalPages={log.data?.totalPages ?? 1} maxButtons={AUDIT_PAGE_BUTTONS} onChange={setPage} />
    </section>
  );
}

/** What the action changed, as its own write recorded it. */
function AuditChange({ entry }: { entry: AuditEntryView }) {
  const change = changeOf(entry);
  if (!change) return null;
  return (
    <dl className="audit-change" data-testid="audit-change">
      <dt>Before</dt>
      <dd data-testid="audit-before">{change.before}</dd>
      <dt>After</dt>
      <dd data-testid="audit-after">{change.after}</dd>
    </dl>
  );
}
