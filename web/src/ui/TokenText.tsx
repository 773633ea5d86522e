import { tokenGroups } from './receipt/receipt-text.js';

/**
 * An electricity token read out in groups of four ("1234 5678 …"): a line may break between groups,
 * never inside one, so a 20-digit token on a phone reads as it is typed into the meter.
 */
export function TokenText({ token, testId, big = false }: { token: string; testId: string; big?: boolean }) {
  const groups = tokenGroups(token);
  return (
    <code className={`code-box token ${big ? 'code-big' : ''}`} data-testid={testId}>
      {groups
        ? groups.flatMap((group, i) => [
            i > 0 ? ' ' : null,
            <span key={group + String(i)} className="token-group">
              {group}
            </span>,
          ])
        : token}
    </code>
  );
}
