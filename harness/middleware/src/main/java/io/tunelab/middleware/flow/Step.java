package io.tunelab.middleware.flow;

import java.sql.SQLException;

/** What one stage does to one message: the text for the next stage, or null when there is none. */
public interface Step {
  /**
   * @throws io.tunelab.middleware.soap.BackendFault when a back-end call failed for good: the order
   *     is faulted
   * @throws DuplicateOrder when the order was taken before: the message is dropped
   */
  String handle(String payload, StageWork work) throws SQLException;
}
