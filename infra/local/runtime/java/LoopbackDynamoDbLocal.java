import com.almworks.sqlite4java.SQLiteConnection;
import java.io.File;
import java.lang.reflect.Field;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
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
 * ServerRunner.main would. Run in Java's source-file mode (infra/local/runtime/dynamodb.ts).
 *
 * With -dbPath it also indexes the stream records' table. DynamoDB Local keeps every stream's records
 * in one SQLite table keyed by sequence number alone, and finds a stream's or a shard's records by
 * scanning it from the start: once a database holds earlier tables' records, each write and each
 * GetRecords reads all of them (1,500 puts into a second table took 3.0 s, into a third, after two
 * earlier tables' 3,000 records, 41 s). The database is made at the first request, so the launcher sends
 * one (ListTables) and then adds the two indexes from a connection of its own, before it prints
 * STREAM_INDEXES_LINE, which the caller waits for. The schema stays DynamoDB Local's: only indexes
 * are added, which SQLite's planner uses and DynamoDB Local never sees.
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
    String dbPath = argumentAfter(args, "-dbPath");
    if (dbPath != null) {
      try {
        indexStreamRecords(Integer.parseInt(argumentAfter(args, "-port")), new File(dbPath, "shared-local-instance.db"));
        System.out.println(STREAM_INDEXES_LINE + "ready");
      } catch (Exception error) {
        // Only slower without them: DynamoDB Local answers the same.
        System.out.println(STREAM_INDEXES_LINE + "not made (" + error + ")");
      }
      System.out.flush();
    }
    proxy.join();
  }

  static final String STREAM_INDEXES_LINE = "stream record indexes: ";

  static String argumentAfter(String[] args, String name) {
    for (int i = 0; i + 1 < args.length; i++) if (args[i].equals(name)) return args[i + 1];
    return null;
  }

  static void indexStreamRecords(int port, File database) throws Exception {
    // Any credentials do: DynamoDB Local checks the header's form, not its signature.
    HttpRequest listTables = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/"))
        .timeout(Duration.ofSeconds(30))
        .header("Content-Type", "application/x-amz-json-1.0")
        .header("X-Amz-Target", "DynamoDB_20120810.ListTables")
        .header("Authorization", "AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0")
        .POST(HttpRequest.BodyPublishers.ofString("{}"))
        .build();
    HttpResponse<String> answer = HttpClient.newHttpClient().send(listTables, HttpResponse.BodyHandlers.ofString());
    if (answer.statusCode() != 200) throw new IllegalStateException("ListTables answered " + answer.statusCode());
    SQLiteConnection connection = new SQLiteConnection(database);
    try {
      connection.open(false);
      connection.setBusyTimeout(10_000);
      connection.exec("CREATE INDEX IF NOT EXISTS us_stream_sequence ON us (StreamID, SequenceNumber)");
      connection.exec("CREATE INDEX IF NOT EXISTS us_shard_sequence ON us (ShardID, SequenceNumber)");
    } finally {
      connection.dispose();
    }
  }
}
