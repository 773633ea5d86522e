import { Link } from 'react-router';
import { DASHBOARD_NAME_MAX_CHARS, REFERRAL_REWARD_KOBO, RESELLER_UPGRADE_FEE_KOBO } from '../../../../../shared/constants.js';
import { MSG } from '../../../../../shared/messages.js';
import { formatNaira } from '../../../../../shared/money.js';
import { showNaira } from '../../../lib/money.js';
import { useSession } from '../../../lib/session.js';
import { CopyButton, Icon, type IconName } from '../../../ui/index.js';

/** Shortcuts to screens that exist; Utility (electricity) joins when its feature lands. */
const TILES: Array<{ to: string; label: string; icon: IconName }> = [
  { to: '/profile/buyAirtime', label: 'Airtime', icon: 'phone' },
  { to: '/profile/buyData', label: 'Data', icon: 'data' },
  { to: '/profile/transactions', label: 'History', icon: 'receipt' },
  { to: '/profile/contacts', label: 'Contacts', icon: 'contacts' },
];

export function DashboardPage() {
  const session = useSession();
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
        <Link to="/profile/fundWallet/coupon" className="btn btn-accent">
          Fund wallet
        </Link>
      </div>

      <div className="tile-grid tile-grid-compact">
        {TILES.map((tile) => (
          <Link key={tile.to} to={tile.to} className="tile">
            <span className="tile-icon">
              <Icon name={tile.icon} />
            </span>
            <span>{tile.label}</span>
          </Link>
        ))}
      </div>

      <div className="card-grid">
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
        {user.userType === 'smart earner' ? (
          <div className="card card-offer">
            <h2 className="card-title">Become a reseller</h2>
            <p>
              Pay a one-time {formatNaira(RESELLER_UPGRADE_FEE_KOBO)} and buy airtime and data at reseller prices — 98% of airtime value instead of 99%, and cheaper
              data plans — so every sale to your customers earns you more.
            </p>
          </div>
        ) : null}
      </div>
    </section>
  );
}
