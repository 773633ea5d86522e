/**
 * Compiles DynamoDB Local's loopback launcher and makes its class-data archive, once per machine
 * (infra/local/runtime/dynamodb.ts). `npm test` runs this beside the lint and the web build, which
 * leave a core idle: on a fresh machine it took 12 s of the test run's global setup, before any test.
 * The global setup (global-dynamodb.ts) then finds both made; run alone, it makes them itself.
 */
import { prepareDynamoDbLocalArchive } from '../../infra/local/runtime/dynamodb.js';

await prepareDynamoDbLocalArchive();
