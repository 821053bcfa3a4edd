package org.optimech.designer.common;

/** A design could not be completed; the message says why, with the numbers. */
public final class DesignException extends Exception {
    private static final long serialVersionUID = 1L;

    public DesignException(String message) {
        super(message);
    }

    public DesignException(String message, Throwable cause) {
        super(message, cause);
    }
}
