/**
 * A small immutable JSON tree with exact numbers, a strict parser and two writers: a pretty one for
 * people and the RFC 8785 (JCS) canonical form that spec digests are computed over.
 *
 * <p>Numbers keep the literal text they were written with, so a decimal such as {@code 0.1} is never
 * silently turned into a binary approximation. Objects reject duplicate member names (two parsers
 * could otherwise disagree on what a spec says). The parser is backed by jackson-core, which the
 * runtime jar shades and relocates; no Jackson type appears in this package's API.
 */
package org.optimech.runtime.json;
