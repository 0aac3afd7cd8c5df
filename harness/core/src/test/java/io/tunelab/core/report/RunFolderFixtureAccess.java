package io.tunelab.core.report;

import io.tunelab.core.results.RunResult;
import java.io.IOException;
import java.nio.file.Path;

/** The report tests' run folder, for tests in other packages. */
public final class RunFolderFixtureAccess {
  private RunFolderFixtureAccess() {}

  /** A complete run of two steps, observed, written into {@code dir}. */
  public static Path write(Path dir) throws IOException {
    return RunFolderFixture.write(dir, RunResult.COMPLETE);
  }
}
