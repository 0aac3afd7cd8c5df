package io.tunelab.middleware.soap;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.httpcomponents.hc5.PoolingHttpClientConnectionManagerMetricsBinder;
import io.tunelab.middleware.xml.Xml;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.Timeout;

/**
 * SOAP 1.1 over HTTP to one back-end, through a pool of {@code invoke.connections} connections (the
 * studies' invoke threads: a call waits for a free connection). A transport error, an HTTP error or
 * a SOAP Fault is retried {@code retries} times, then becomes a {@link BackendFault}.
 */
public final class SoapClient implements AutoCloseable {
  private static final ContentType SOAP_11 = ContentType.create("text/xml", StandardCharsets.UTF_8);

  private final String name;
  private final String baseUrl;
  private final int retries;
  private final PoolingHttpClientConnectionManager connections;
  private final CloseableHttpClient client;
  private final LongAdder calls = new LongAdder();
  private final LongAdder failures = new LongAdder();

  /**
   * @param name the back-end, in fault reasons ({@code siebel}, {@code brm})
   * @param baseUrl root URL, e.g. {@code http://127.0.0.1:8091}
   */
  public SoapClient(String name, String baseUrl, int connections, int timeoutMillis, int retries) {
    this.name = name;
    this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    this.retries = retries;
    Timeout timeout = Timeout.ofMilliseconds(timeoutMillis);
    this.connections =
        PoolingHttpClientConnectionManagerBuilder.create()
            .setMaxConnTotal(connections)
            .setMaxConnPerRoute(connections)
            .setDefaultConnectionConfig(
                ConnectionConfig.custom()
                    .setConnectTimeout(timeout)
                    .setSocketTimeout(timeout)
                    .build())
            .build();
    this.client =
        HttpClients.custom()
            .setConnectionManager(this.connections)
            .setDefaultRequestConfig(
                RequestConfig.custom()
                    .setConnectionRequestTimeout(timeout)
                    .setResponseTimeout(timeout)
                    .build())
            .disableAutomaticRetries()
            .build();
  }

  /** Its connection pool's meters (leased, pending, available), tagged with the back-end. */
  public void bindTo(MeterRegistry meters) {
    new PoolingHttpClientConnectionManagerMetricsBinder(connections, name).bindTo(meters);
  }

  /**
   * Posts one SOAP request and returns the answer's envelope text.
   *
   * @param path e.g. {@code /BrmWebServices/BRMCustServices}
   * @param soapAction the operation's SOAPAction (quoted as SOAP 1.1 sends it)
   * @throws BackendFault when every attempt failed
   */
  public String call(String operation, String path, String soapAction, String envelope) {
    String lastError = "";
    Exception lastCause = null;
    for (int attempt = 1; attempt <= retries + 1; attempt++) {
      calls.increment();
      HttpPost post = new HttpPost(baseUrl + path);
      post.setHeader("SOAPAction", "\"" + soapAction + "\"");
      post.setEntity(new StringEntity(envelope, SOAP_11));
      try {
        Answer answer =
            client.execute(
                post,
                response ->
                    new Answer(
                        response.getCode(),
                        EntityUtils.toString(response.getEntity(), StandardCharsets.UTF_8)));
        if (answer.code() == 200 && !answer.body().contains(":Fault>")) {
          return answer.body();
        }
        lastError = "HTTP " + answer.code() + faultString(answer.body());
      } catch (IOException e) {
        lastError = e.toString();
        lastCause = e;
      }
      failures.increment();
    }
    throw new BackendFault(
        name + " " + operation + " failed after " + (retries + 1) + " attempt(s): " + lastError,
        lastCause);
  }

  private static String faultString(String body) {
    if (!body.contains("Fault")) {
      return "";
    }
    try {
      return ", SOAP Fault: " + Xml.text(Xml.parse(body), "faultstring");
    } catch (RuntimeException e) {
      return ", unparseable fault";
    }
  }

  /** Calls made (each attempt counts) and failed attempts. */
  public long calls() {
    return calls.sum();
  }

  public long failures() {
    return failures.sum();
  }

  /** Calls waiting for a free connection right now. */
  public int pending() {
    return connections.getTotalStats().getPending();
  }

  @Override
  public void close() {
    try {
      client.close();
    } catch (IOException e) {
      // closing pooled sockets of a stopping process: nothing to recover
    }
  }

  private record Answer(int code, String body) {}
}
