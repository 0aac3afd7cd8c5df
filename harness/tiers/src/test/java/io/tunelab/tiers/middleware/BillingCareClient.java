package io.tunelab.tiers.middleware;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Billing-care SOAP requests as the CRM sends them, for the ITs. */
public final class BillingCareClient {
  private final URI url;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  public BillingCareClient(URI url) {
    this.url = url;
  }

  /** The request envelope of {@code operation} (e.g. GetBalanceSummary) for a customer. */
  public static String envelope(String operation, String customerId) {
    return "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
        + " xmlns:bc=\"urn:tunelab:billing-care\"><soapenv:Body><bc:"
        + operation
        + "Request><bc:CustomerId>"
        + customerId
        + "</bc:CustomerId></bc:"
        + operation
        + "Request></soapenv:Body></soapenv:Envelope>";
  }

  public HttpResponse<String> ask(String operation, String customerId) {
    try {
      return askAsync(operation, customerId).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException("billing-care request failed: " + e.getCause(), e);
    }
  }

  public CompletableFuture<HttpResponse<String>> askAsync(String operation, String customerId) {
    return send(envelope(operation, customerId));
  }

  public CompletableFuture<HttpResponse<String>> send(String envelope) {
    HttpRequest request =
        HttpRequest.newBuilder(url)
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", "text/xml; charset=utf-8")
            .header("SOAPAction", "\"urn:tunelab:billing-care\"")
            .POST(HttpRequest.BodyPublishers.ofString(envelope))
            .build();
    return http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
  }
}
