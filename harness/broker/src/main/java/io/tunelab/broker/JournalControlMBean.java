package io.tunelab.broker;

/** The management interface of {@link JournalControl}. */
public interface JournalControlMBean {
  int compact() throws Exception;

  int getDataFiles();
}
