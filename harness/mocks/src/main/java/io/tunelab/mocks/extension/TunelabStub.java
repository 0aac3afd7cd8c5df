package io.tunelab.mocks.extension;

import com.github.tomakehurst.wiremock.common.Metadata;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;

/**
 * What a mapping tells the tunelab extension, from its {@code metadata.tunelab} object:
 *
 * <pre>
 * "name": "QueryCustomerParty",
 * "metadata": { "tunelab": {
 *     "backend": "Siebel CRM",
 *     "keyElement": "PartyId",
 *     "faultError": "SBL-EAI-04308: ..." } }
 * </pre>
 *
 * @param operation the mapping's name; requests no mapping matched count as {@value #UNMATCHED}
 * @param backend the simulated system, named in SOAP Faults
 * @param keyElement local name of the request element that identifies a call (an order id, an
 *     account POID), recorded with every served request; null when the mapping names none
 * @param faultError the back-end's own error text a simulated fault carries
 */
record TunelabStub(String operation, String backend, String keyElement, String faultError) {
  static final String UNMATCHED = "unmatched";
  static final String METADATA_KEY = "tunelab";

  static final TunelabStub NONE = new TunelabStub(UNMATCHED, "back-end", null, "error");

  static TunelabStub of(StubMapping stub) {
    if (stub == null) {
      return NONE;
    }
    String operation = stub.getName() != null ? stub.getName() : stub.getId().toString();
    Metadata metadata = stub.getMetadata();
    Metadata tunelab =
        metadata == null ? new Metadata() : metadata.getMetadata(METADATA_KEY, new Metadata());
    return new TunelabStub(
        operation,
        tunelab.getString("backend", "back-end"),
        tunelab.getString("keyElement", null),
        tunelab.getString("faultError", "simulated back-end error"));
  }

  /** The key id of a request, or null when this stub names no key element. */
  String keyOf(RequestValues request) {
    return keyElement == null ? null : request.text(keyElement);
  }
}
