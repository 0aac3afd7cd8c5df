package io.tunelab.middleware.xml;

/** XML the middleware cannot parse, transform or write. */
public final class XmlException extends RuntimeException {
  public XmlException(String message, Throwable cause) {
    super(message, cause);
  }
}
