/**
 * The {@code optimech} command line: {@code design}, {@code verify}, {@code sample}, {@code inspect}.
 * Errors are one line naming the file, the field (JSON Pointer) and the value; stack traces only with
 * {@code --debug}.
 */
package org.optimech.cli;
