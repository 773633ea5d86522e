/** The part of swagger-ui-dist's bundle this feature uses (the package ships no types). */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerUiOptions {
    url: string;
    domNode: HTMLElement;
    deepLinking?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    tryItOutEnabled?: boolean;
  }
  export default function SwaggerUIBundle(options: SwaggerUiOptions): unknown;
}
