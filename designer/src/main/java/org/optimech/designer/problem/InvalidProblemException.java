package org.optimech.designer.problem;

import org.optimech.runtime.json.FieldException;

/** A problem was refused; the pointer names the field, the message the reason and the value found. */
public final class InvalidProblemException extends FieldException {
    private static final long serialVersionUID = 1L;

    public InvalidProblemException(String pointer, String detail) {
        super(pointer, detail);
    }

    static InvalidProblemException of(FieldException e) {
        return e instanceof InvalidProblemException p ? p : new InvalidProblemException(e.pointer(), e.detail());
    }
}
