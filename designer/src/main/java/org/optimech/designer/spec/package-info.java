/**
 * Writes designs as specs through the runtime's own model and codec, and re-loads every written
 * spec through the runtime's validator before reporting success.
 */
package org.optimech.designer.spec;
