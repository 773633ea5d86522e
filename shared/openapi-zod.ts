/**
 * zod with zod-to-openapi's `.openapi()` (named components of the API document). Extending patches
 * zod's prototype, so only the API document's modules import zod from here.
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };
