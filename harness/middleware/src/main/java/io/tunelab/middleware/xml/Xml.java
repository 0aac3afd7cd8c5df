package io.tunelab.middleware.xml;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/** Namespace-aware DOM parsing and serializing, one parser and serializer per thread. */
public final class Xml {
  private static final ThreadLocal<DocumentBuilder> BUILDER = ThreadLocal.withInitial(Xml::builder);
  private static final ThreadLocal<Transformer> SERIALIZER =
      ThreadLocal.withInitial(Xml::serializer);

  private Xml() {}

  /** Parses a document; a malformed one is an {@link XmlException} naming the problem. */
  public static Document parse(String text) {
    try {
      return BUILDER.get().parse(new InputSource(new StringReader(text)));
    } catch (SAXException | IOException e) {
      throw new XmlException("malformed XML: " + e.getMessage(), e);
    }
  }

  /** The document or element as text, without an XML declaration. */
  public static String serialize(Node node) {
    StringWriter out = new StringWriter(4096);
    try {
      SERIALIZER.get().transform(new DOMSource(node), new StreamResult(out));
    } catch (TransformerException e) {
      throw new XmlException("cannot serialize: " + e.getMessage(), e);
    }
    return out.toString();
  }

  /** Text of the first descendant element with this local name (any namespace), or "". */
  public static String text(Node root, String localName) {
    NodeList nodes = elements(root, localName);
    return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().trim();
  }

  /** Descendant elements with this local name, in any namespace. */
  public static NodeList elements(Node root, String localName) {
    if (root instanceof Document document) {
      return document.getElementsByTagNameNS("*", localName);
    }
    return ((Element) root).getElementsByTagNameNS("*", localName);
  }

  private static DocumentBuilder builder() {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    try {
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      return factory.newDocumentBuilder();
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Transformer serializer() {
    try {
      Transformer transformer = TransformerFactory.newInstance().newTransformer();
      transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
      return transformer;
    } catch (TransformerException e) {
      throw new IllegalStateException(e);
    }
  }
}
