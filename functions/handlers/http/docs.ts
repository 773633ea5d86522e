/**
 * HTTP: GET /openapi.json, the API's OpenAPI document (shared/openapi.ts), generated once per cold
 * start. The same for everyone and changing only with a deployment, so browsers and CDNs may keep it.
 */
import { buildOpenApiDocument } from '../../../shared/openapi.js';
import { httpService, type PublicOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

export const DOCUMENT_MAX_AGE_SECONDS = 300;

export interface DocsDeps {
  /** The document as JSON text. */
  documentJson(): string;
}

export const openApiDocumentOperation =
  (deps: DocsDeps): PublicOperation =>
  async () => ({
    statusCode: 200,
    // Sent as given (headers set): the text is serialised once, not on every request.
    body: deps.documentJson(),
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': `public, max-age=${DOCUMENT_MAX_AGE_SECONDS}` },
  });

let documentJson: string | undefined;
const deps: DocsDeps = { documentJson: () => (documentJson ??= JSON.stringify(buildOpenApiDocument())) };

export const handler = httpService('docs', { openApiDocument: openApiDocumentOperation(deps) }, edge);
