package io.tunelab.cli;

import picocli.CommandLine.IVersionProvider;

/** The version of the tunelab jar, from its manifest when packaged. */
final class Version implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String version = Tunelab.class.getPackage().getImplementationVersion();
    return new String[] {"tunelab " + (version == null ? "(development build)" : version)};
  }
}
