import { Link } from 'react-router';
import { MSG } from '@shared/messages.js';

export function NotFoundPage() {
  return (
    <main className="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{MSG.pageNotFound}</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary">
        Go back home
      </Link>
    </main>
  );
}
