package io.tunelab.load;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import javax.script.ScriptContext;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineFactory;
import javax.script.ScriptEngineManager;
import org.apache.jmeter.util.JSR223TestElement;

/**
 * One Groovy engine for every JSR223 element of every plan run of a load server, so a plan's
 * scripts are compiled once per load JVM instead of once per run. JMeter empties its cache of
 * compiled scripts when a test ends ({@code JSR223TestElement.testEnded}) and asks the script
 * manager for a new engine at each execution; a one-shot JMeter runs one test, but the load server
 * runs one per batch. Groovy's engine keeps the class of each script text it compiled, so a later
 * run's compilation finds it and the JIT's work on it is kept. Measured on a 5-batch run of 430
 * orders (2 cores, C1): the Groovy compiler was 64 of the load JVM's 179 Java samples, but most of
 * its CPU is outside Java code, and its CPU moved within noise (13.4-16.1 s against 14.1-16.6 s,
 * four runs each).
 *
 * <p>Shared only when the engine's factory says its engines may be used by several threads at once
 * ({@code THREADING} {@code MULTITHREADED} or stricter, as Groovy's does); another language keeps
 * JMeter's engine per execution.
 */
final class SharedScriptEngine implements ScriptEngineFactory {
  static final String LANGUAGE = "groovy";

  private static final List<String> SHAREABLE =
      List.of("MULTITHREADED", "THREAD-ISOLATED", "STATELESS");

  private final ScriptEngineFactory delegate;
  private final ScriptEngine engine;

  private SharedScriptEngine(ScriptEngineFactory delegate) {
    this.delegate = delegate;
    this.engine = delegate.getScriptEngine();
  }

  /**
   * Makes JMeter's script manager hand out one engine for {@value #LANGUAGE}, when there is a
   * shareable one; the shared engine, if any.
   */
  static Optional<SharedScriptEngine> install() {
    ScriptEngineManager manager = JSR223TestElement.getInstance();
    Optional<SharedScriptEngine> shared =
        manager.getEngineFactories().stream()
            .filter(f -> f.getNames().contains(LANGUAGE))
            .filter(f -> !(f instanceof SharedScriptEngine))
            .filter(f -> SHAREABLE.contains(String.valueOf(f.getParameter("THREADING"))))
            .findFirst()
            .map(SharedScriptEngine::new);
    shared.ifPresent(s -> manager.registerEngineName(LANGUAGE, s));
    return shared;
  }

  /**
   * Points the engine's console at the current {@code System.out} and {@code System.err}: a new
   * engine takes them when it is made, and the server gives each run its own log.
   */
  void useCurrentConsole() {
    ScriptContext context = engine.getContext();
    context.setWriter(new PrintWriter(System.out, true));
    context.setErrorWriter(new PrintWriter(System.err, true));
  }

  @Override
  public ScriptEngine getScriptEngine() {
    return engine;
  }

  @Override
  public String getEngineName() {
    return delegate.getEngineName();
  }

  @Override
  public String getEngineVersion() {
    return delegate.getEngineVersion();
  }

  @Override
  public List<String> getExtensions() {
    return delegate.getExtensions();
  }

  @Override
  public List<String> getMimeTypes() {
    return delegate.getMimeTypes();
  }

  @Override
  public List<String> getNames() {
    return delegate.getNames();
  }

  @Override
  public String getLanguageName() {
    return delegate.getLanguageName();
  }

  @Override
  public String getLanguageVersion() {
    return delegate.getLanguageVersion();
  }

  @Override
  public Object getParameter(String key) {
    return delegate.getParameter(key);
  }

  @Override
  public String getMethodCallSyntax(String obj, String m, String... args) {
    return delegate.getMethodCallSyntax(obj, m, args);
  }

  @Override
  public String getOutputStatement(String toDisplay) {
    return delegate.getOutputStatement(toDisplay);
  }

  @Override
  public String getProgram(String... statements) {
    return delegate.getProgram(statements);
  }
}
