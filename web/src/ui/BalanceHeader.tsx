import { showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';

/** A screen that spends from the wallet: its title and the balance it spends from. */
export function BalanceHeader({ title, balanceTestId }: { title: string; balanceTestId?: string }) {
  const session = useSession();
  return (
    <header className="page-header">
      <h1>{title}</h1>
      <p className="muted">
        Wallet balance: <strong data-testid={balanceTestId}>{showNaira(session?.user.balance)}</strong>
      </p>
    </header>
  );
}
