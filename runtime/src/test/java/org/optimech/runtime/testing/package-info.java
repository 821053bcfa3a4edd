/**
 * Test helpers shared with the other modules' tests through the runtime's test jar (a package of its own, so it never
 * splits a package of the runtime module): mechanisms under a permissive policy, and JSON edits for tampering tests.
 */
package org.optimech.runtime.testing;
