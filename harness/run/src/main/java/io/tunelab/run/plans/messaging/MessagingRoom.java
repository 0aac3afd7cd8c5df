package io.tunelab.run.plans.messaging;

import io.tunelab.core.PlanRoom;
import java.util.List;

/** What the messaging room gives the house, as {@code META-INF/services} names it. */
public final class MessagingRoom implements PlanRoom {
  @Override
  public List<Object> parts() {
    return List.of(new MessagingKnobs(), new MessagingFindings(), new MessagingMeasures.Source());
  }
}
