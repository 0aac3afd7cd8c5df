package io.tunelab.broker;

import org.apache.activemq.artemis.core.journal.Journal;
import org.apache.activemq.artemis.core.persistence.StorageManager;

/**
 * The broker's journals, for the harness between repetitions: compacted so that every repetition
 * starts from a journal that holds only its live records, whatever the one before wrote. Artemis
 * compacts by itself only past {@code journal-compact-min-files} (10) data files, and offers no
 * management operation for it; this object is registered under {@link #RESOURCE} in the broker's
 * management registry, so the harness invokes it over the core protocol's management address like
 * any other control. Standard-MBean shaped, should JMX management be turned on.
 */
public final class JournalControl implements JournalControlMBean {
  /** Its name in the management registry. */
  public static final String RESOURCE = "tunelab.journal";

  private static final int COMPACT_TIMEOUT_SECONDS = 60;

  private final StorageManager storage;

  JournalControl(StorageManager storage) {
    this.storage = storage;
  }

  /**
   * Compacts the message journal and the bindings journal, each blocking until done.
   *
   * @return the message journal's data files after compacting
   */
  @Override
  public int compact() throws Exception {
    compact(storage.getMessageJournal());
    compact(storage.getBindingsJournal());
    return getDataFiles();
  }

  /** Data files of the message journal (its files holding records, not the free pool). */
  @Override
  public int getDataFiles() {
    Journal journal = storage.getMessageJournal();
    return journal == null ? 0 : journal.getDataFiles().length;
  }

  private static void compact(Journal journal) throws Exception {
    if (journal != null) {
      journal.scheduleCompactAndBlock(COMPACT_TIMEOUT_SECONDS);
    }
  }
}
