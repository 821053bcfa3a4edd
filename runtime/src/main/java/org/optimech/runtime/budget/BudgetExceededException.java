package org.optimech.runtime.budget;

/** A release was refused because it would take a dataset's spending above its configured budget. */
public final class BudgetExceededException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BudgetExceededException(String message) {
        super(message);
    }
}
