package org.optimech.examples.docs;

import java.util.ArrayList;
import java.util.List;

/**
 * The shell commands of a Markdown document: the lines of its fenced blocks (continuations joined, trailing {@code #}
 * comments dropped), split into words as a POSIX shell would for the simple forms the documents use (single and double
 * quotes, {@code > FILE}). Only parsing; {@link DocCommandsTest} runs them.
 */
final class ShellCommands {
    /** One command: its words, where the document has it, and the file its standard output is redirected to (or null). */
    record Command(List<String> words, String stdoutFile, String line) {
        Command {
            words = List.copyOf(words);
        }
    }

    private ShellCommands() {
    }

    /**
     * The commands of every fenced block whose info string is {@code info} ("" for blocks without one), in document order.
     */
    static List<Command> inBlocks(String markdown, String info) {
        List<Command> commands = new ArrayList<>();
        boolean inside = false;
        boolean wanted = false;
        StringBuilder pending = new StringBuilder();
        String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String raw = lines[i];
            String stripped = raw.strip();
            if (stripped.startsWith("```")) {
                inside = !inside;
                wanted = inside && stripped.substring(3).strip().equals(info);
                continue;
            }
            if (!inside || !wanted) {
                continue;
            }
            String code = withoutComment(stripped);
            if (code.endsWith("\\")) {
                pending.append(code, 0, code.length() - 1).append(' ');
                continue;
            }
            pending.append(code);
            String logical = pending.toString().strip();
            pending.setLength(0);
            if (!logical.isEmpty()) {
                commands.add(parse(logical, "line " + (i + 1) + ": " + logical));
            }
        }
        return commands;
    }

    /** The text of every fenced block whose info string is {@code info}, lines as written, in document order. */
    static List<String> blocks(String markdown, String info) {
        List<String> blocks = new ArrayList<>();
        boolean inside = false;
        StringBuilder block = null; // the wanted block being read, or null
        for (String raw : markdown.split("\n", -1)) {
            if (raw.strip().startsWith("```")) {
                inside = !inside;
                if (inside && raw.strip().substring(3).strip().equals(info)) {
                    block = new StringBuilder();
                } else if (!inside && block != null) {
                    blocks.add(block.toString());
                    block = null;
                }
                continue;
            }
            if (block != null) {
                block.append(raw).append('\n');
            }
        }
        return blocks;
    }

    /** The line up to a {@code #} that starts a word outside quotes. */
    static String withoutComment(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i).strip();
            }
        }
        return line.strip();
    }

    static Command parse(String logical, String where) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < logical.length(); i++) {
            char c = logical.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unclosed quote at " + where);
        }
        if (inWord) {
            words.add(word.toString());
        }
        String stdout = null;
        int redirect = words.indexOf(">");
        if (redirect >= 0) {
            if (redirect != words.size() - 2) {
                throw new IllegalArgumentException("'>' must be followed by one file at the end, at " + where);
            }
            stdout = words.get(redirect + 1);
            words = words.subList(0, redirect);
        }
        return new Command(words, stdout, where);
    }
}
