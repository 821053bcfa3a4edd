/**
 * Examples: the bundled problems under {@code examples/problems}, and programs that use optimech the
 * way its users do. More (the source papers' studies, production loading at scale) come with later
 * work; see {@code examples/README.md}.
 */
package org.optimech.examples;
