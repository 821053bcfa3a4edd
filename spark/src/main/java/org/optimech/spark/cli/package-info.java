/**
 * The command-line runner of {@link org.optimech.spark.GroupRelease}: a spec, a CSV and its columns in, the released
 * statistic per group out as CSV, on a local Spark session ({@code local[*]} by default), with
 * {@link org.optimech.spark.JobProgress} lines on stderr. The library's messages name settings by their builder methods;
 * this runner is the one place in the module that names its command-line options.
 */
package org.optimech.spark.cli;
