package io.tunelab.tiers.middleware;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Hands the middleware ITs one {@link FlowFixture} for the whole test run instead of a stack per
 * class: a stack with its seeded database takes seconds to start, and the classes that share it
 * each reset it before every test. It is closed (the tiers stopped) when the test run ends. A class
 * that restarts a tier or needs other stack settings starts a fixture of its own.
 */
public final class SharedFlowFixture implements ParameterResolver {
  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == FlowFixture.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context
        .getRoot()
        .getStore(ExtensionContext.Namespace.create(SharedFlowFixture.class))
        .getOrComputeIfAbsent(FlowFixture.class, key -> new FlowFixture(), FlowFixture.class);
  }
}
