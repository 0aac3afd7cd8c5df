package io.tunelab.tiers.mocks;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** Sends SOAP 1.1 calls to the mocks the way the middleware will, and reads their answers. */
final class SoapClient {
  static final String SOAP_11 = "http://schemas.xmlsoap.org/soap/envelope/";

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  HttpResponse<String> send(String baseUrl, SoapOperation.Call call) {
    return send(
        baseUrl, call.operation().path, "\"" + call.operation().soapAction + "\"", call.body());
  }

  HttpResponse<String> send(String baseUrl, String path, String soapAction, String body) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(baseUrl + path))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "text/xml; charset=utf-8")
            .header("SOAPAction", soapAction)
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
            .build();
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Parses a SOAP envelope, namespace aware; fails on anything not well-formed. */
  static Document parse(String xml) {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(true);
      return factory
          .newDocumentBuilder()
          .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    } catch (Exception e) {
      throw new AssertionError("not well-formed XML: " + e.getMessage() + "\n" + xml, e);
    }
  }

  /** Text of the first element with this local name in any namespace, or null. */
  static String first(Document document, String localName) {
    NodeList nodes = document.getElementsByTagNameNS("*", localName);
    return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent();
  }

  static int countOf(Document document, String namespace, String localName) {
    return document.getElementsByTagNameNS(namespace, localName).getLength();
  }
}
