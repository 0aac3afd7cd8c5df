package io.tunelab.mocks.extension;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The values a SOAP request carries, found by the local name of their element: {@code PartyId}
 * finds {@code <cus:PartyId>1-7HX9QK</cus:PartyId>} whatever the namespace prefix.
 *
 * <p>A plain text scan with one precompiled pattern per element name, not an XML parser or XPath:
 * the mocks must never be the bottleneck of a load test. The text is returned as it stands in the
 * request, already XML-escaped, so it can be copied into a response unchanged. Values are memoised
 * per request because a response file names the same id several times. Not thread-safe: one
 * instance per request.
 */
final class RequestValues {
  private static final String NAME_PREFIX = "(?:[A-Za-z_][\\w.-]*:)?";
  private static final Map<String, Pattern> VALUE_PATTERNS = new ConcurrentHashMap<>();
  private static final Map<String, Pattern> START_TAG_PATTERNS = new ConcurrentHashMap<>();

  private final String body;
  private final Map<String, String> memo = new HashMap<>();
  private final Map<String, Long> ids = new HashMap<>();

  RequestValues(String body) {
    this.body = body == null ? "" : body;
  }

  /** Text of the first element named {@code localName}, or an empty string when there is none. */
  String text(String localName) {
    return memo.computeIfAbsent(localName, this::scan);
  }

  /** Number of elements named {@code localName}. */
  int count(String localName) {
    Matcher matcher = startTagPattern(localName).matcher(body);
    int count = 0;
    while (matcher.find()) {
      count++;
    }
    return count;
  }

  /**
   * A stable number derived from the text of the first element named {@code localName}: the same
   * text always gives the same number (CRC-32, 1..4294967296), so a mock can hand out ids such as
   * account POIDs that a caller can recognise on a second call. Memoised: a repeated section names
   * it on every line.
   */
  long derivedId(String localName) {
    return ids.computeIfAbsent(localName, this::crc);
  }

  private long crc(String localName) {
    CRC32 crc = new CRC32();
    crc.update(text(localName).getBytes(StandardCharsets.UTF_8));
    return crc.getValue() + 1;
  }

  private String scan(String localName) {
    Matcher matcher = valuePattern(localName).matcher(body);
    return matcher.find() ? matcher.group(1).trim() : "";
  }

  private static Pattern valuePattern(String localName) {
    return VALUE_PATTERNS.computeIfAbsent(
        localName,
        name ->
            Pattern.compile(
                "<" + NAME_PREFIX + Pattern.quote(name) + "(?:\\s[^>]*)?(?<!/)>([^<]*)<"));
  }

  private static Pattern startTagPattern(String localName) {
    return START_TAG_PATTERNS.computeIfAbsent(
        localName,
        name -> Pattern.compile("<" + NAME_PREFIX + Pattern.quote(name) + "(?:[\\s/][^>]*)?>"));
  }
}
