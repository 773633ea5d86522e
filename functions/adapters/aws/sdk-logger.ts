/**
 * The SDK's logger middleware, taken off a client. With the default logger it writes nothing, yet
 * on every call it first builds a redacted copy of the whole input and output (schema walks of
 * every attribute): measured as the largest single cost of a stream batch's GetRecords in the local
 * cloud's profile. Our adapters log what matters themselves.
 */
interface WithMiddlewareStack {
  middlewareStack: { remove(toRemove: string): boolean };
}

export function withoutSdkLogger<Client extends WithMiddlewareStack>(client: Client): Client {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
