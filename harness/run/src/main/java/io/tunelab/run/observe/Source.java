package io.tunelab.run.observe;

/** One thing the observer samples each interval, writing into the run's series. */
interface Source extends AutoCloseable {
  /** For error reports: {@code cpu}, {@code broker}, {@code db}, {@code mocks}, ... */
  String name();

  void sample(long epochMillis, SeriesStore store) throws Exception;

  @Override
  default void close() {}
}
