import type { UserView } from '@shared/api/accounts.js';
import { RESERVED_ACCOUNT_NAME_CHARS } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { CopyButton } from './CopyButton.js';

/** The user's reserved bank accounts as cards (the dashboard and Fund wallet): bank name, account number, account name and a copy button. */
export function ReservedAccountCards({ user, testId }: { user: UserView; testId: string }) {
  const accountName = (user.fullName || user.userName).slice(0, RESERVED_ACCOUNT_NAME_CHARS);
  return (
    <div className="account-cards" data-testid={testId}>
      {(user.accountNumbers ?? []).map((account) => (
        <div key={`${account.bankName}:${account.accountNumber}`} className="account-card">
          <span className="muted">{account.bankName}</span>
          <span className="account-number">{account.accountNumber}</span>
          <span>{accountName}</span>
          <CopyButton text={account.accountNumber} toastMessage={MSG.accountNumberCopied} label="Copy" />
        </div>
      ))}
    </div>
  );
}
