import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local bound to the loopback interface only. DynamoDBLocal.jar has no option for the
 * address it listens on and its Jetty server listens on every interface, so anyone on the network
 * could read and write the local cloud's table. This launcher builds the server from the same
 * command-line arguments, sets its connector's host to 127.0.0.1 before it starts, then runs it as
 * ServerRunner.main would. Run in Java's source-file mode (infra/local/dynamodb.ts).
 */
public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    int bound = 0;
    for (Connector connector : server.getConnectors()) {
      if (connector instanceof ServerConnector) {
        ((ServerConnector) connector).setHost("127.0.0.1");
        bound++;
      }
    }
    if (bound == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind to loopback");
    proxy.start();
    proxy.join();
  }
}
