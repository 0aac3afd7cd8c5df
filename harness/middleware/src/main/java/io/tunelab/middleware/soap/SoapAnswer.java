package io.tunelab.middleware.soap;

import io.tunelab.middleware.xml.Xml;
import io.tunelab.middleware.xml.XmlException;
import org.w3c.dom.Document;

/**
 * A back-end's answer read as XML. An answer that is not well-formed is the back-end's fault, as a
 * SOAP Fault is: the order is faulted with the reason. Rolled back instead, the stage would be
 * redelivered and call the back-end again for what it already did (BRM billed a line twice when its
 * AddSubscription answer broke off).
 */
public final class SoapAnswer {
  private SoapAnswer() {}

  /**
   * @param backend and {@code operation}: named in the fault's reason
   * @throws BackendFault when {@code answer} is not well-formed XML
   */
  public static Document parse(String backend, String operation, String answer) {
    try {
      return Xml.parse(answer);
    } catch (XmlException e) {
      throw new BackendFault(
          backend + " " + operation + " answered malformed XML: " + e.getMessage(), e);
    }
  }
}
