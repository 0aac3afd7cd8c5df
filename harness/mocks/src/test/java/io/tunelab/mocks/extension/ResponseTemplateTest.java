package io.tunelab.mocks.extension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ResponseTemplateTest {
  private static final RequestValues REQUEST =
      new RequestValues(
          "<x:OrderId>O-1</x:OrderId><x:LineId>L1</x:LineId><x:LineId>L2</x:LineId>"
              + "<ACCOUNT_NO>1-7HX9QK</ACCOUNT_NO>");

  @Test
  void fillsEveryKindOfPlaceholder() {
    ResponseTemplate template =
        ResponseTemplate.compile(
            "<Id>${OrderId}</Id><Again>${OrderId}</Again><Lines>${count:LineId}</Lines>"
                + "<POID>0.0.0.1 /account ${id:ACCOUNT_NO} 0</POID>");

    assertThat(template.render(REQUEST))
        .isEqualTo(
            "<Id>O-1</Id><Again>O-1</Again><Lines>2</Lines>"
                + "<POID>0.0.0.1 /account 2491350293 0</POID>");
  }

  @Test
  void leavesTextWithoutPlaceholdersAlone() {
    String text = "<a>$ {not} $x {y}</a>";
    assertThat(ResponseTemplate.compile(text).render(REQUEST)).isEqualTo(text);
  }

  @Test
  void leavesAnUnclosedPlaceholderAsWritten() {
    assertThat(ResponseTemplate.compile("<a>${OrderId</a>").render(REQUEST))
        .isEqualTo("<a>${OrderId</a>");
  }

  @Test
  void fillsAPlaceholderTheRequestLacksWithNothing() {
    assertThat(ResponseTemplate.compile("<a>${Missing}</a>").render(REQUEST)).isEqualTo("<a></a>");
  }

  @Test
  void listsItsPlaceholders() {
    assertThat(ResponseTemplate.compile("${A} ${id:B} ${count:C}").placeholders())
        .containsExactly("${A}", "${id:B}", "${count:C}");
  }

  @Test
  void repeatsASectionOncePerLineWithValuesThatVaryByLine() {
    ResponseTemplate template =
        ResponseTemplate.compile(
            "<L>${repeat:rows:3}<R elem=\"${index}\">${id:ACCOUNT_NO}${line:2} ${seq:100:-10}"
                + " ${month:2026-01:-1} ${monthStart:2026-02:-1:5} ${cycle:a|b}</R>${end:rows}</L>");

    assertThat(template.render(REQUEST))
        .isEqualTo(
            "<L><R elem=\"0\">249135029301 100 202601 1769904005 a</R>"
                + "<R elem=\"1\">249135029302 90 202512 1767225605 b</R>"
                + "<R elem=\"2\">249135029303 80 202511 1764547205 a</R></L>");
    assertThat(template.repeatDefaults()).isEqualTo(Map.of("rows", 3));
  }

  @Test
  void theServersCountReplacesTheFilesDefault() {
    ResponseTemplate template =
        ResponseTemplate.compile("<L>${repeat:rows:3}<R elem=\"${index}\"/>${end:rows}</L>");
    RepeatCounts counts = new RepeatCounts();

    counts.set(Map.of("rows", 40));
    String forty = template.render(REQUEST, counts);
    counts.set(Map.of("rows", 0, "other", 5));
    String none = template.render(REQUEST, counts);

    assertThat(elems(forty)).hasSize(40);
    for (int i = 0; i < 40; i++) {
      assertThat(elems(forty).get(i)).isEqualTo(i);
    }
    assertThat(none).isEqualTo("<L></L>");
  }

  @Test
  void mixedNumbersStayInTheirRangeVaryByLineAndRepeatAcrossAnswers() {
    ResponseTemplate template =
        ResponseTemplate.compile(
            "${repeat:rows:2000}${mix:0.00..4.99}=${mix:0.00..4.99};${mix:7..9},${end:rows}");

    String answer = template.render(REQUEST);
    String[] lines = answer.split(",");

    assertThat(answer).isEqualTo(template.render(new RequestValues("")));
    assertThat(lines).hasSize(2000);
    java.util.Set<String> amounts = new java.util.HashSet<>();
    for (String line : lines) {
      Matcher parts = Pattern.compile("(\\d\\.\\d\\d)=(\\d\\.\\d\\d);([7-9])").matcher(line);
      assertThat(parts.matches()).as(line).isTrue();
      // the same placeholder gives the same value within a line: a bill's total and its payment
      assertThat(parts.group(1)).isEqualTo(parts.group(2));
      amounts.add(parts.group(1));
    }
    assertThat(amounts).as("of 500 possible amounts").hasSizeGreaterThan(400);
  }

  @Test
  void listsTheRequestPlaceholdersOfSectionsToo() {
    assertThat(ResponseTemplate.compile("${A}${repeat:r:1}${id:B}${line:2}${end:r}").placeholders())
        .containsExactly("${A}", "${id:B}");
  }

  @Test
  void refusesBrokenSectionsNamingThem() {
    assertThatThrownBy(() -> ResponseTemplate.compile("${repeat:a:1}${repeat:b:1}"))
        .hasMessageContaining("inside section a");
    assertThatThrownBy(() -> ResponseTemplate.compile("${repeat:a:1}<x/>"))
        .hasMessageContaining("section a has no ${end:a}");
    assertThatThrownBy(() -> ResponseTemplate.compile("<x/>${end:a}"))
        .hasMessageContaining("${end:a} closes no section");
    assertThatThrownBy(() -> ResponseTemplate.compile("${repeat:a:-1}${end:a}"))
        .hasMessageContaining("${repeat:NAME:LINES}");
    assertThatThrownBy(() -> ResponseTemplate.compile("<x>${index}</x>"))
        .hasMessageContaining("use it inside ${repeat:...}");
    assertThatThrownBy(() -> ResponseTemplate.compile("${repeat:a:1}${mix:9..1}${end:a}"))
        .hasMessageContaining("bad line placeholder ${mix:9..1}");
  }

  private static List<Integer> elems(String answer) {
    return Pattern.compile("elem=\"(\\d+)\"")
        .matcher(answer)
        .results()
        .map(m -> Integer.parseInt(m.group(1)))
        .toList();
  }
}
