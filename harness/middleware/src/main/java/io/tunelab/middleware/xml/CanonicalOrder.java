package io.tunelab.middleware.xml;

import io.tunelab.middleware.Stage;
import java.util.EnumMap;
import java.util.Map;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The canonical order (namespace {@value #NAMESPACE}) that travels between stages: the order, what
 * earlier stages learnt (customer profile, BRM account, subscriptions), and its own bookkeeping
 * (process instance id, when each stage took it), so that any stage can fault it with its history.
 */
public final class CanonicalOrder {
  public static final String NAMESPACE = "urn:tunelab:order";

  private final Document document;

  public CanonicalOrder(Document document) {
    this.document = document;
    if (!"Order".equals(document.getDocumentElement().getLocalName())
        || !NAMESPACE.equals(document.getDocumentElement().getNamespaceURI())) {
      throw new XmlException("not a canonical order: " + document.getDocumentElement(), null);
    }
  }

  /** Parses a canonical order from its text. */
  public static CanonicalOrder parse(String text) {
    return new CanonicalOrder(Xml.parse(text));
  }

  public Document document() {
    return document;
  }

  public String orderId() {
    return headerText("OrderId");
  }

  public String partyId() {
    return child(child(root(), "Customer"), "PartyId").getTextContent();
  }

  /** The process instance row of this order, or -1 when none is written (yet). */
  public long instanceId() {
    return Long.parseLong(headerText("InstanceId"));
  }

  public void instanceId(long id) {
    child(child(root(), "Header"), "InstanceId").setTextContent(Long.toString(id));
  }

  /** Epoch milliseconds when the sender enqueued the order, or 0 when it did not say. */
  public long enqueuedAtMillis() {
    String text = headerText("EnqueuedAt");
    return text.isEmpty() ? 0 : Long.parseLong(text);
  }

  /** Records that {@code stage} took the order at {@code epochMillis}. */
  public void reached(Stage stage, long epochMillis) {
    Element stageElement = document.createElementNS(NAMESPACE, "Stage");
    stageElement.setAttribute("name", stage.key());
    stageElement.setAttribute("at", Long.toString(epochMillis));
    child(child(root(), "Header"), "Timeline").appendChild(stageElement);
  }

  /** When each stage took the order, epoch milliseconds. */
  public Map<Stage, Long> timeline() {
    Map<Stage, Long> times = new EnumMap<>(Stage.class);
    NodeList stages =
        child(child(root(), "Header"), "Timeline").getElementsByTagNameNS("*", "Stage");
    for (int i = 0; i < stages.getLength(); i++) {
      Element element = (Element) stages.item(i);
      String at = element.getAttribute("at");
      for (Stage stage : Stage.values()) {
        if (stage.key().equals(element.getAttribute("name")) && !at.isEmpty()) {
          times.put(stage, Long.parseLong(at));
        }
      }
    }
    return times;
  }

  /** Adds the customer profile the CRM answered with (a {@code Profile} document). */
  public void profile(Document profile) {
    child(root(), "Customer").appendChild(document.importNode(profile.getDocumentElement(), true));
  }

  /** The BRM account of the customer, once create-customer found or made it; "" before. */
  public String billingAccountPoid() {
    Element account = child(root(), "BillingAccount");
    return account == null ? "" : child(account, "Poid").getTextContent();
  }

  /** Records the BRM account and whether it was created or synchronized. */
  public void billingAccount(String poid, String action) {
    Element account = document.createElementNS(NAMESPACE, "BillingAccount");
    append(account, "Poid", poid);
    append(account, "Action", action);
    root().insertBefore(account, child(root(), "Lines"));
  }

  public int lineCount() {
    return lines().getLength();
  }

  /** The id of line {@code index} (1-based, as in XPath). */
  public String lineId(int index) {
    return child(line(index), "LineId").getTextContent();
  }

  public String productId(int index) {
    return child(line(index), "ProductId").getTextContent();
  }

  /** Records the BRM subscription (purchased product) created for line {@code index}. */
  public void purchased(int index, String poid) {
    append(line(index), "PurchasedPoid", poid);
  }

  /** The order as text, to send to the next stage. */
  public String toXml() {
    return Xml.serialize(document);
  }

  private NodeList lines() {
    return child(root(), "Lines").getElementsByTagNameNS(NAMESPACE, "Line");
  }

  private Element line(int index) {
    return (Element) lines().item(index - 1);
  }

  private Element root() {
    return document.getDocumentElement();
  }

  private String headerText(String name) {
    return child(child(root(), "Header"), name).getTextContent().trim();
  }

  private void append(Element parent, String name, String text) {
    Element element = document.createElementNS(NAMESPACE, name);
    element.setTextContent(text);
    parent.appendChild(element);
  }

  private static Element child(Element parent, String localName) {
    for (var node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element && localName.equals(element.getLocalName())) {
        return element;
      }
    }
    return null;
  }
}
