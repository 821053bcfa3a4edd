/** Tests that run the shell commands of the README and the tutorial, so that a document that drifts from the CLI fails the build. */
package org.optimech.examples.docs;
