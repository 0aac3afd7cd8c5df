/**
 * The closed loop's decisions, apart from the runs that feed them: the loop itself ({@link
 * io.tunelab.core.tune.TuneLoop}: measure, try the findings' first untried candidate, keep it only
 * when proven, follow the bottleneck), how a numeric knob a finding proposes to raise or lower is
 * searched ({@link io.tunelab.core.tune.NumericSearch}), when a tried change is kept ({@link
 * io.tunelab.core.tune.TrialVerdict}), and what is never tried on the tuner's own: a pinned knob, a
 * value that trades durability ({@link io.tunelab.core.tune.TuneSafety}).
 */
package io.tunelab.core.tune;
