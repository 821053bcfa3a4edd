package org.optimech.designer.lp;

/** A backend could not be used or did not produce a trustworthy optimum. */
public class LpException extends Exception {
    private static final long serialVersionUID = 1L;

    public LpException(String message) {
        super(message);
    }

    public LpException(String message, Throwable cause) {
        super(message, cause);
    }
}
