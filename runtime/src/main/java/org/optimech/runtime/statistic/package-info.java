/**
 * The per-record statistics of K-norm problems, T(X) = Σ t(x_i), read strictly from JSON in one place: by the
 * designer (from a problem file), by the runtime (from a spec's {@code design.problem}, to re-derive the adjacent
 * outputs its sensitivity must cover) and by the Spark jobs (to compute t per row). Numbers are read exactly and
 * must be exact doubles where a reader computes with doubles, so every reader sees the same statistic.
 */
package org.optimech.runtime.statistic;
