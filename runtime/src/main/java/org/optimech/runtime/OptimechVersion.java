package org.optimech.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The optimech version this runtime was built as (recorded in every spec's provenance). */
public final class OptimechVersion {
    private static final String VERSION = load();

    private OptimechVersion() {
    }

    public static String get() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = OptimechVersion.class.getResourceAsStream("version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
