package org.optimech.designer.common;

/**
 * Whether progress on stderr is drawn as a bar: only when stderr is a terminal. Java cannot ask that of stderr itself
 * ({@code System.console()} is about stdin and stdout, so {@code optimech ... 2>log} on a terminal would write bar escapes into
 * the log, and {@code optimech ... >out.txt} would get plain lines), so the launcher tells it with {@code [ -t 2 ]} in the
 * system property {@value #STDERR_TTY}; without it (the CLI run some other way) {@code System.console()} is the fallback.
 */
final class ProgressForm {
    /** The system property the launcher sets to {@code true} or {@code false}: whether stderr is a terminal. */
    static final String STDERR_TTY = "optimech.stderr.tty";

    private ProgressForm() {
    }

    /** From the process's environment, property and console. */
    static boolean bar() {
        return bar(System.getenv("OPTIMECH_PROGRESS"), System.getProperty(STDERR_TTY), System.console() != null, System.getenv("TERM"));
    }

    /**
     * @param mode {@code OPTIMECH_PROGRESS}: {@code bar} or {@code lines} decide; anything else (or null) leaves it to the terminal
     * @param stderrTty the launcher's {@value #STDERR_TTY}, or null when it was not set
     * @param console whether {@code System.console()} is present, used only without {@code stderrTty}
     * @param term {@code TERM}: a {@code dumb} terminal gets lines
     */
    static boolean bar(String mode, String stderrTty, boolean console, String term) {
        if ("bar".equals(mode) || "lines".equals(mode)) {
            return "bar".equals(mode);
        }
        boolean terminal = stderrTty != null ? Boolean.parseBoolean(stderrTty) : console;
        return terminal && !"dumb".equals(term);
    }
}
