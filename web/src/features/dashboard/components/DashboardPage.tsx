import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DASHBOARD_NAME_MAX_CHARS, REFERRAL_REWARD_KOBO } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { formatNaira } from '@shared/money.js';
import { PRODUCTS, type ProductType } from '@shared/products.js';
import { useCurrentUser } from '@/lib/current-user.js';
import { showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
// Direct imports (not the ui barrel): the dashboard is the signed-in first screen; the barrel would bring every form's code to it.
import { Button } from '@/ui/Button.js';
import { CopyButton } from '@/ui/CopyButton.js';
import { TileGrid, type TileLink } from '@/ui/TileGrid.js';
import { PRODUCT_ICONS } from '@/ui/purchase/product-icons.js';
import { PaymentAccounts } from './PaymentAccounts.js';
import { RecentTransactions } from './RecentTransactions.js';
import { UpgradeOffer } from './UpgradeOffer.js';

/** A shortcut's own name where it is not the product's: electricity is "Utility". */
const TILE_LABELS: Partial<Record<ProductType, string>> = { electricity: 'Utility' };

/** Shortcuts: every product of the registry, then History and Contacts. */
const TILES: TileLink[] = [
  ...PRODUCTS.map((product) => ({ to: product.path, label: TILE_LABELS[product.type] ?? product.label, icon: PRODUCT_ICONS[product.type] })),
  { to: '/profile/transactions', label: 'History', icon: 'receipt' },
  { to: '/profile/contacts', label: 'Contacts', icon: 'contacts' },
];

/** Money shortcuts: transfer and withdraw, open to everyone, from here as from the sidebar. */
const MONEY_LINKS: Array<{ to: string; label: string }> = [
  { to: '/profile/transfer', label: 'Transfer' },
  { to: '/profile/withdraw', label: 'Withdraw' },
  { to: '/profile/earnings', label: 'Earnings' },
];

/**
 * The shortcuts and money links: the same for every user, so a balance update (which redraws the
 * page) leaves them as they are.
 */
const Shortcuts = memo(function Shortcuts() {
  return (
    <>
      <TileGrid tiles={TILES} compact />

      <div className="action-row money-links">
        {MONEY_LINKS.map((link) => (
          <Link key={link.to} to={link.to} className="btn btn-secondary btn-sm">
            {link.label}
          </Link>
        ))}
      </div>
    </>
  );
});

/** The recent transactions redraw on their own answer, not with the balance above them. */
const RecentTransactionsCard = memo(RecentTransactions);

/**
 * The KYC form (react-hook-form and its zod schema) arrives when first asked for: the dashboard's
 * first screen never shows it, and those libraries are a third of what the dashboard would download.
 */
const KycModal = lazy(() => import('./KycModal.js').then((module) => ({ default: module.KycModal })));

/** How long the dashboard waits for the reserved accounts KYC asked for. */
const ACCOUNTS_WAIT_MS = 30_000;

export function DashboardPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const [kycOpen, setKycOpen] = useState(false);
  // Mounted from its first opening on, so closing it keeps what was typed as it always did.
  const [kycAsked, setKycAsked] = useState(false);
  // Back from the card checkout (`?reference=`), the wallet is credited by the provider's webhook: re-read the balance until it moves.
  const backFromCheckout = params.has('reference');
  const [balanceAtReturn] = useState(() => session?.user.balance);
  // After KYC the reserved accounts are made off the request path: re-read the user until they show
  // (or for ACCOUNTS_WAIT_MS at most; "Generate account" stays offered either way).
  const [verifiedAt, setVerifiedAt] = useState<number | null>(null);
  const hasAccounts = (session?.user.accountNumbers ?? []).length > 0;
  const awaitingAccounts = verifiedAt !== null && !hasAccounts && Date.now() - verifiedAt < ACCOUNTS_WAIT_MS;
  useEffect(() => {
    if (verifiedAt === null) return;
    const timer = setTimeout(() => setVerifiedAt(null), ACCOUNTS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [verifiedAt]);
  useCurrentUser({ poll: backFromCheckout || awaitingAccounts });
  const balance = session?.user.balance;
  useEffect(() => {
    if (backFromCheckout && balance !== balanceAtReturn) setParams({}, { replace: true });
  }, [backFromCheckout, balance, balanceAtReturn, setParams]);
  if (!session) return null;
  const { user } = session;
  const referralLink = `${window.location.origin}/register/${encodeURIComponent(user.userName)}`;
  const displayName = user.userName.slice(0, DASHBOARD_NAME_MAX_CHARS);

  return (
    <section className="page">
      <div className="wallet-card">
        <div>
          <p className="wallet-greeting">Hello, {displayName}</p>
          <p className="wallet-label">Wallet balance</p>
          <p className="wallet-balance" data-testid="dashboard-balance">
            {showNaira(user.balance)}
          </p>
          <p className="wallet-type">{user.userType}</p>
        </div>
        <div className="action-row">
          <Link to="/profile/fundWallet" className="btn btn-accent">
            Fund wallet
          </Link>
          {!user.bvn && !user.nin ? (
            <Button
              variant="light"
              onClick={() => {
                setKycAsked(true);
                setKycOpen(true);
              }}
            >
              Update KYC
            </Button>
          ) : null}
        </div>
      </div>
      {backFromCheckout ? (
        <p className="notice" role="status">
          Payment received by the provider: your wallet is credited as soon as it is confirmed.
        </p>
      ) : null}

      <Shortcuts />

      <RecentTransactionsCard />

      <div className="card-grid">
        <PaymentAccounts user={user} />
        <div className="card">
          <h2 className="card-title">Refer and earn</h2>
          <p className="muted">Share your link. When someone you refer upgrades to reseller, you earn {formatNaira(REFERRAL_REWARD_KOBO)}.</p>
          <div className="copy-row">
            <code className="code-box" data-testid="referral-link">
              {referralLink}
            </code>
            <CopyButton text={referralLink} toastMessage={MSG.referralLinkCopied} />
          </div>
        </div>
        {user.userType === 'smart earner' && !user.isAdmin ? <UpgradeOffer user={user} /> : null}
      </div>
      {kycAsked ? (
        <Suspense fallback={null}>
          <KycModal open={kycOpen} onClose={() => setKycOpen(false)} onVerified={() => setVerifiedAt(Date.now())} />
        </Suspense>
      ) : null}
    </section>
  );
}
