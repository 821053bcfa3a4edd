/**
 * What every design path shares: options (solver, time limit), the design method, progress reporting, design failures,
 * atomic file writes. Depends on nothing of the designer's but the LP backends and the problem types.
 */
package org.optimech.designer.common;
