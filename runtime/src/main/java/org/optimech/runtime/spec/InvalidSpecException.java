package org.optimech.runtime.spec;

import org.optimech.runtime.json.FieldException;

/** A spec was refused; the pointer names the field, the message the reason and the value found. */
public final class InvalidSpecException extends FieldException {
    private static final long serialVersionUID = 1L;

    public InvalidSpecException(String pointer, String detail) {
        super(pointer, detail);
    }

    static InvalidSpecException of(FieldException e) {
        return e instanceof InvalidSpecException s ? s : new InvalidSpecException(e.pointer(), e.detail());
    }
}
