/**
 * Production loading: a stream of records privatized with the runtime jar alone (no designer, geometry or
 * solver on the classpath), with a privacy budget per dataset.
 */
package org.optimech.examples.production;
