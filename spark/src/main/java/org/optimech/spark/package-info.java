/**
 * Applies loaded optimech specs inside Apache Spark jobs.
 */
package org.optimech.spark;
