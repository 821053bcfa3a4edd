/**
 * A small immutable JSON tree with exact numbers, a strict streaming reader, and writers: a pretty one for people,
 * a compact one, their streaming twin and the RFC 8785 (JCS) canonical form that spec digests are computed over.
 *
 * <p>Numbers keep the literal text they were written with, so a decimal such as {@code 0.1} is never
 * silently turned into a binary approximation. Objects reject duplicate member names (two parsers
 * could otherwise disagree on what a spec says). {@link org.optimech.runtime.json.JsonReader} is this package's own
 * strict RFC 8259 tokenizer (specs are untrusted input); the runtime depends on the JDK alone.
 */
package org.optimech.runtime.json;
