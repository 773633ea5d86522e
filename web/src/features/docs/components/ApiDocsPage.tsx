import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
// The renderer and its styles are this page's alone: the route loads this module lazily, so they
// never weigh on the landing page or the dashboard.
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import { SITE } from '@/config/site.js';
import { buildUrl } from '@/lib/api-client.js';

/** The API documentation: the OpenAPI document the API serves, rendered by Swagger UI. Public. */
export function ApiDocsPage() {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previousTitle = document.title;
    document.title = `API documentation — ${SITE.name}`;
    if (container.current)
      SwaggerUIBundle({ url: buildUrl('openApiDocument'), domNode: container.current, deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 });
    return () => {
      document.title = previousTitle;
    };
  }, []);

  return (
    <main className="container page-public">
      <p>
        <Link to="/">← Home</Link>
      </p>
      <h1>API documentation</h1>
      <p className="muted">
        Sell airtime, data and electricity from your own site, bot or app. Create your API key on your <Link to="/profile/user">Account page</Link>.
      </p>
      <div ref={container} data-testid="api-docs" />
    </main>
  );
}
