/**
 * The closed loop's decisions, apart from the runs that feed them: how a numeric knob a finding
 * proposes to raise or lower is searched ({@link io.tunelab.core.tune.NumericSearch}) and when a
 * tried change is kept ({@link io.tunelab.core.tune.TrialVerdict}).
 */
package io.tunelab.core.tune;
