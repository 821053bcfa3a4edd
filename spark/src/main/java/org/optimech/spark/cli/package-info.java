/**
 * The command-line runner of {@link org.optimech.spark.GroupRelease}: a spec, a CSV and its columns in, the released
 * statistic per group out as CSV, on a local Spark session ({@code local[*]} by default), with
 * each Spark stage on stderr as a task of the designer's {@code Progress} (through {@link org.optimech.spark.JobProgress}: a bar on
 * a terminal, lines otherwise) and Spark's own log kept to errors. The library's messages name settings by their builder methods;
 * this runner is the one place in the module that names its command-line options.
 */
package org.optimech.spark.cli;
