import { Link } from 'react-router';
import { SITE } from '@/config/site.js';

/** The site's "V" mark and name, linking to the home page (`dark`: on a light background). */
export function BrandLink({ dark = false }: { dark?: boolean }) {
  return (
    <Link to="/" className={dark ? 'brand brand-dark' : 'brand'}>
      <span className="brand-mark" aria-hidden="true">
        V
      </span>
      {SITE.name}
    </Link>
  );
}
