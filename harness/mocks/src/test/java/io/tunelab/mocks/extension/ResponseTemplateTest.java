package io.tunelab.mocks.extension;

import static org.assertj.core.api.Assertions.assertThat;

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
}
