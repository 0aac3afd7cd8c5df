package io.tunelab.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class BrokerArgsTest {
  private static final String CONFIG = "config/broker.xml";

  @Test
  void readsConfigAndDataAsAbsolutePaths() {
    BrokerArgs args = BrokerArgs.parse("--config", CONFIG, "--data", "target/data");

    assertThat(args.config()).isEqualTo(Path.of(CONFIG).toAbsolutePath());
    assertThat(args.dataDir()).isEqualTo(Path.of("target/data").toAbsolutePath());
  }

  @Test
  void rejectsAMissingDataDirectory() {
    assertThatThrownBy(() -> BrokerArgs.parse("--config", CONFIG))
        .hasMessageContaining("usage: --config <broker.xml> --data <dir>");
  }

  @Test
  void rejectsAnUnknownArgument() {
    assertThatThrownBy(() -> BrokerArgs.parse("--port", "61616"))
        .hasMessageContaining("unknown argument --port");
  }

  @Test
  void rejectsAConfigThatIsNotAFile() {
    assertThatThrownBy(() -> BrokerArgs.parse("--config", "no/such.xml", "--data", "d"))
        .hasMessageContaining("is not a file");
  }
}
