import { Link } from 'react-router';
import { Icon, type IconName } from './Icon.js';

export interface TileLink {
  to: string;
  label: string;
  icon: IconName;
}

/** Shortcuts as tiles: an icon over a name, each a link to its screen; compact fits four in a row on a phone. */
export function TileGrid({ tiles, compact = false }: { tiles: readonly TileLink[]; compact?: boolean }) {
  return (
    <div className={compact ? 'tile-grid tile-grid-compact' : 'tile-grid'}>
      {tiles.map((tile) => (
        <Link key={tile.to} to={tile.to} className="tile">
          <span className="tile-icon">
            <Icon name={tile.icon} />
          </span>
          <span>{tile.label}</span>
        </Link>
      ))}
    </div>
  );
}
