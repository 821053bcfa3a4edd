/** Privatizing per-group statistics of a generated dataset in Spark, against a single-JVM runtime loop. */
package org.optimech.examples.spark;
