/**
 * The optimech designer: reads a release problem, solves for the optimal mechanism, certifies the
 * privacy guarantee of the numbers it will store, and writes a spec through the runtime's own
 * model, re-loading it through the runtime's validator before reporting success.
 */
package org.optimech.designer;
