/**
 * The published tuning studies beside tunelab's measurements of them: a study experiment's run
 * summarised against its {@code study:} block ({@link io.tunelab.core.studies.StudyRecorder}), kept
 * in {@code results/studies/} ({@link io.tunelab.core.studies.StudySummaries}), and rendered as
 * docs/studies.md ({@link io.tunelab.core.studies.StudiesPage}).
 */
package io.tunelab.core.studies;
