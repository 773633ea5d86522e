import com.almworks.sqlite4java.SQLiteConnection;
import com.almworks.sqlite4java.SQLiteStatement;
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

  /**
   * GetRecords asks for a shard's records after the iterator's sequence number (`StreamID = ? AND
   * ShardID = ? AND CreationDateTime >= ? AND SequenceNumber > ? ORDER BY SequenceNumber LIMIT ?`).
   * SequenceNumber is the rowid, and DynamoDB Local's SQLite (3.8.7) cannot bound the rowid inside an
   * index: through us_shard_sequence it reads every record of the shard from its first, so a read at
   * the shard's end, the stream readers' most frequent request, cost more with every record the shard
   * held (2.7 ms of Java's CPU after 1,500 puts, 5.5 ms after 4,500; 50 ms a query in SQLite itself).
   * The statistics say a shard or stream holds half the table, so the planner takes the rowid range
   * instead (`rowid > ?`: the records written since the position, 0.1 ms at the end), while the queries
   * without a sequence bound (a shard's first or last record) keep their index.
   */
  static void steerGetRecordsToSequenceRange(SQLiteConnection connection) throws Exception {
    // Makes sqlite_stat1 when missing (it cannot be created by name).
    connection.exec("ANALYZE sqlite_master");
    connection.exec("DELETE FROM sqlite_stat1 WHERE tbl = 'us'");
    connection.exec(
        "INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('us', 'us_shard_sequence', '1000000 500000 1'), ('us', 'us_stream_sequence', '1000000 500000 1')");
  }

  static int schemaVersion(SQLiteConnection connection) throws Exception {
    SQLiteStatement statement = connection.prepare("PRAGMA schema_version");
    try {
      statement.step();
      return statement.columnInt(0);
    } finally {
      statement.dispose();
    }
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
      int schemaBefore = schemaVersion(connection);
      // The planner's statistics first, so that the index creation below makes DynamoDB Local's
      // connection load them with the new schema (see steerGetRecordsToSequenceRange).
      steerGetRecordsToSequenceRange(connection);
      connection.exec("CREATE INDEX IF NOT EXISTS us_stream_sequence ON us (StreamID, SequenceNumber)");
      connection.exec("CREATE INDEX IF NOT EXISTS us_shard_sequence ON us (ShardID, SequenceNumber)");
      // Indexes made by an earlier run (npm start on a kept DATA_DIR): a schema change of its own, so the
      // statistics are read now rather than at the next start.
      if (schemaVersion(connection) == schemaBefore) connection.exec("CREATE TABLE vtu_reload_schema (x); DROP TABLE vtu_reload_schema;");
    } finally {
      connection.dispose();
    }
  }
}
