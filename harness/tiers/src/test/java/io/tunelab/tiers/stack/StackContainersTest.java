package io.tunelab.tiers.stack;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Ports;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** What the testcontainers provider asks Docker for, checked without a Docker engine. */
class StackContainersTest {
  @Test
  void everyContainerPortIsPublishedOnLoopbackOnly() {
    AtomicReference<HostConfig> host = new AtomicReference<>(new HostConfig());
    CreateContainerCmd cmd =
        (CreateContainerCmd)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {CreateContainerCmd.class},
                (proxy, method, args) ->
                    switch (method.getName()) {
                      case "getHostConfig" -> host.get();
                      case "withHostConfig" -> {
                        host.set((HostConfig) args[0]);
                        yield proxy;
                      }
                      default -> throw new UnsupportedOperationException(method.getName());
                    });

    StackContainers.onLoopbackOnly(StackContainers.POSTGRES_PORT).accept(cmd);

    Ports.Binding[] bindings =
        host.get()
            .getPortBindings()
            .getBindings()
            .get(ExposedPort.tcp(StackContainers.POSTGRES_PORT));
    assertThat(bindings).hasSize(1);
    assertThat(bindings[0].getHostIp()).isEqualTo("127.0.0.1");
    assertThat(bindings[0].getHostPortSpec()).isNull();
  }
}
