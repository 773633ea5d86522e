import { Link } from 'react-router';
import type { FloatView } from '@shared/api/money-desk-floats.js';
import { showNaira } from '@/lib/money.js';
import { useFloats } from '@/lib/floats-api.js';
import '../admin-floats.css';

const standing = (float: FloatView) =>
  `${float.supplier} (${showNaira(float.balance)}${float.hoursLeft === null ? '' : `, ${float.hoursLeft.toFixed(1)} h left`})`;

/**
 * Across the back office (admins): a supplier whose float is at or under its threshold, by balance or by
 * hours left. Purchases skip a supplier that cannot cover them, so a low float is worth acting on from any
 * screen; the banner links to the floats page, where the top-up is recorded.
 */
export function LowFloatBanner() {
  const floats = useFloats();
  const low = floats.data?.floats.filter((float) => float.level === 'low') ?? [];
  if (low.length === 0) return null;
  return (
    <div className="notice notice-warning low-float-banner" role="status" data-testid="low-float-banner">
      <strong>Supplier float low:</strong> {low.map(standing).join(', ')}. <Link to="/admin/floats">Top up, then record it on Supplier floats</Link>
    </div>
  );
}
